"""The menus the shell's route gates are tested against (``web/src/app/__tests__/role-menus.json``)
are the menus the server sends: each demo role, and a user with no role, on both tenants."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from core.auth.menu import menu_payload
from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime

pytestmark = pytest.mark.usefixtures("seeded")

FIXTURE = Path(__file__).parents[3] / "web/src/app/__tests__/role-menus.json"
ROLES = {
    "admin": "admin",
    "responsabile": "responsabile",
    "e": "dipendente",
    "agent": "agente",
    "subagent": "subagente",
    "segnalatore": "segnalatore",
}


async def _menus(runtime: Runtime, tenant_id: str) -> dict[str, list[str]]:
    tenant = runtime.tenants.get(tenant_id)
    assert tenant is not None
    menus: dict[str, list[str]] = {}
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            users = {
                u.email.split("@")[0]: u for u in (await session.execute(select(m.User))).scalars()
            }
            for role, account in ROLES.items():
                payload = await menu_payload(runtime, session, tenant, principal_of(users[account]))
                menus[role] = [entry["key"] for entry in payload]
            nobody = principal_of(m.User(id="nessuno", email="nessuno@demo.it", role={}))
            menus["none"] = [e["key"] for e in await menu_payload(runtime, session, tenant, nobody)]
    return menus


@pytest.mark.parametrize("tenant_id", ["assicurapp", "rcadealer"])
async def test_the_route_gates_read_the_menus_the_server_sends(
    seeded: Runtime, tenant_id: str
) -> None:
    expected = json.loads(FIXTURE.read_text())[tenant_id]
    assert await _menus(seeded, tenant_id) == expected
