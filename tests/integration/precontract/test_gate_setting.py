"""The tenant's switch ``consegnaPrecontrattuale`` saved from ``/impostazioni`` over HTTP: kept
in the settings the gate reads, off again when switched off; refused (4xx, nothing saved) when
it is not a boolean or the user is not an admin."""

from __future__ import annotations

import pytest

from core.context import tenant_scope
from core.domain.precontract.gate import gate_on
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.people.helpers import call

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
SETTING = "consegnaPrecontrattuale"


async def _on(runtime: Runtime, tenant: str = TENANT) -> bool:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return await gate_on(session)


async def test_an_admin_turns_the_gate_on_and_off(clients: ClientFactory, seeded: Runtime) -> None:
    assert not await _on(seeded)
    saved = await call(clients, seeded, "admin", "PUT", "/api/settings", {SETTING: True})
    assert saved.status_code == 200, saved.text
    assert await _on(seeded)
    assert not await _on(seeded, "rcadealer")
    off = await call(clients, seeded, "admin", "PUT", "/api/settings", {SETTING: False})
    assert off.status_code == 200, off.text
    assert not await _on(seeded)


async def test_a_word_or_another_role_changes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    for value in ("sì", 1, "true", None, [True]):
        refused = await call(clients, seeded, "admin", "PUT", "/api/settings", {SETTING: value})
        if value is None:  # an absent value: the setting stays as it is
            assert refused.status_code == 200, refused.text
        else:
            assert refused.status_code == 400, (value, refused.text)
    assert not await _on(seeded)
    agent = await call(clients, seeded, "agente", "PUT", "/api/settings", {SETTING: True})
    assert agent.status_code == 403, agent.text
    assert not await _on(seeded)
