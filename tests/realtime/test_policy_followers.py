"""``policy_issued``: a plugin follows the policies issued from the tenant's quotes, in the
transaction that issues them. Its Italian refusal refuses the issue; its bug is logged and
undone and never stops a policy; a plugin whose lines are off for the tenant is not told."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import ClientError, ProductLine, hookimpl
from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.plugins import registered
from core.testing import CallFailed, Live, ScClient
from tests.realtime.policy_records import new_quote

TENANT = "assicurapp"
NOTE = "seguita dal plugin"


def _issue(number: str) -> dict[str, Any]:
    first = today_in_rome()
    return {
        "number": number, "startDate": first.isoformat(),
        "endDate": first.replace(year=first.year + 1).isoformat(), "paymentMethod": "Bonifico",
    }  # fmt: skip


async def _requested(live: Live, admin: ScClient) -> str:
    quote_id = await new_quote(live.runtime, TENANT)
    await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Allianz", "tot": 600})
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    return quote_id


class Follower:
    """Writes a note on the quote it is told about, then does what ``then`` says."""

    def __init__(self, then: str = "nothing", lines: Sequence[str] = ()) -> None:
        self.then, self.lines, self.told = then, lines, list[tuple[str, str]]()

    @hookimpl
    def product_lines(self) -> Sequence[ProductLine]:
        return [ProductLine(line, "Linea di prova", "car") for line in self.lines]

    @hookimpl
    async def policy_issued(self, session: AsyncSession, policy: m.Policy, quote: m.Quote) -> None:
        self.told.append((policy.number or "", quote.id))
        session.add(m.Client(name=f"{NOTE} {policy.number}"))
        await session.flush()
        if self.then == "refuse":
            raise ClientError("Targa non assicurabile")
        if self.then == "break":
            raise RuntimeError("bug")


async def _notes(live: Live) -> list[str]:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Client.name).where(m.Client.name.like(f"{NOTE}%"))
            return list((await session.execute(stmt)).scalars())


async def _policy_numbers(live: Live) -> list[str]:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            numbers = (await session.execute(select(m.Policy.number))).scalars()
            return [number or "" for number in numbers]


async def test_a_follower_is_told_in_the_issuing_transaction(live: Live) -> None:
    follower = Follower()
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin)
    with registered(live.runtime.pm, follower, name="test-follower"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("F-1")})
    assert follower.told == [("F-1", quote_id)]
    assert await _notes(live) == [f"{NOTE} F-1"]


async def test_a_refusal_refuses_the_issue_and_leaves_nothing(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin)
    with (
        registered(live.runtime.pm, Follower("refuse"), name="test-follower"),
        pytest.raises(CallFailed) as refused,
    ):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("F-2")})
    assert refused.value.message == "Targa non assicurabile"
    assert "F-2" not in await _policy_numbers(live)
    assert await _notes(live) == []


async def test_a_bug_is_undone_and_the_policy_is_issued(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin)
    with registered(live.runtime.pm, Follower("break"), name="test-follower"):
        policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("F-3")})
    assert policy["number"] == "F-3"
    assert "F-3" in await _policy_numbers(live)
    assert await _notes(live) == []  # the follower's write went with its savepoint


@pytest.mark.parametrize(("line", "told"), [("rca", False), ("noleggio-auto", True)])
async def test_a_follower_whose_line_is_off_is_not_told(live: Live, line: str, told: bool) -> None:
    """assicurapp has car rental on and does not offer rca."""
    follower = Follower(lines=[line])
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin)
    with registered(live.runtime.pm, follower, name=f"test-follower-{line}"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("F-4")})
    assert bool(follower.told) is told
