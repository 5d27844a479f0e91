"""The search's groups at once on PostgreSQL: each group but the first on a session of its
own, the same answer as one after the other, within the tenant; with the process's side
sessions taken (or on SQLite) the groups run one after the other on the request's session,
never waiting for one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import date

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.domain.search import queries
from core.runtime import Runtime
from core.testing import user_ids
from tests.integration.search.helpers import demo_clients

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _answers(
    runtime: Runtime, text: str, *, taken: int = 0
) -> tuple[dict[str, object], dict[str, object], list[str]]:
    """The answer with side sessions and without, and the tenant each side session saw."""
    opened: list[str] = []

    @asynccontextmanager
    async def side() -> AsyncIterator[AsyncSession]:
        async with runtime.read_session() as session:
            tenant = await session.get(m.User, (await user_ids(runtime, TENANT))["agente"])
            opened.append(tenant.tenant_id if tenant else "?")
            yield session

    def opener() -> AbstractAsyncContextManager[AsyncSession]:
        return side()

    admin = (await user_ids(runtime, TENANT))["admin"]
    loop = asyncio.get_running_loop()
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            user = await session.get(m.User, admin)
            assert user is not None
            who = principal_of(user)
            if taken:
                queries._side_sessions_in_use[loop] = taken
            try:
                apart = await queries.search(
                    session, who, text, 5, date.today(), side_sessions=opener
                )
            finally:
                queries._side_sessions_in_use.pop(loop, None)
            alone = await queries.search(session, who, text, 5, date.today())
    return apart, alone, opened


async def test_the_groups_run_at_once_with_the_same_answer(seeded: Runtime) -> None:
    client = next(c for c in await demo_clients(seeded, TENANT) if c.agents)
    surname = client.name.split()[-1]
    apart, alone, opened = await _answers(seeded, surname)
    assert apart == alone
    assert any(group["results"] for group in apart["groups"])  # type: ignore[attr-defined]
    on_postgres = seeded.db.dialect == "postgresql"
    assert opened == ([TENANT] * 3 if on_postgres else [])  # SQLite: one after the other
    assert queries._side_sessions_in_use == {}  # given back


async def test_no_side_session_is_waited_for_when_the_process_has_none_free(
    seeded: Runtime,
) -> None:
    apart, alone, opened = await _answers(seeded, "Rossi", taken=queries.MAX_SIDE_SESSIONS - 2)
    assert apart == alone
    assert opened == []
