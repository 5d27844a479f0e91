"""The calls behind each screen answer 403 or 404 to a role whose menu does not lead to that
screen (the shell shows it the 404 page): never its data, never a 500. Written out by hand
from SPEC §6, screen by screen, for every demo role and a user with no role."""

from __future__ import annotations

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, token_for, user_ids
from tests.integration.commissions.helpers import TENANT, WIDE, call

pytestmark = pytest.mark.usefixtures("seeded")

EVERY = ("admin", "responsabile", "dipendente", "agente", "subagente", "segnalatore", "nessuno")
WORK = ("admin", "responsabile", "agente", "subagente", "segnalatore")

# path (with {agente} for the top agent's id) → the roles whose screen opens it
SCREENS: dict[str, tuple[str, ...]] = {
    f"/api/report?{WIDE}": WORK,  # /Report
    f"/api/report/export?{WIDE}": WORK,
    # /ProvvigioniAgente/{agente}: its own lines, the parent's tree, managers
    f"/api/report/agenti/{{agente}}?{WIDE}": ("admin", "responsabile", "agente"),
    # /saldo-collaboratore (the top agent) and /saldo-collaboratore/{id} (admins)
    "/api/saldo/{agente}": ("admin", "agente"),
    "/api/saldo/{agente}/estratto.pdf": ("admin", "agente"),
    f"/api/cassa?{WIDE}": ("admin",),  # /cassa
    f"/api/cassa/export?{WIDE}": ("admin",),
    "/api/agents": ("admin", "dipendente"),  # /Agenti, from /utenti
    "/api/settings/products": ("admin",),  # /impostazioni
    "/api/audit": ("admin",),
    "/api/products": WORK,  # /prodotti and the new quote
    "/api/preventivi": WORK,  # /preventivi
    "/api/polizze": WORK,  # /polizze
    "/api/polizze/alert-count": WORK,
    "/api/clients": ("admin", "agente", "subagente"),  # /clienti
}


async def _nobody_headers(runtime: Runtime) -> dict[str, str]:
    """A user of the tenant with no role (SPEC §6: an empty menu)."""
    email = "nessuno@demo.it"
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            session.add(m.User(email=email, name="Nessun Ruolo", role={}))
            await session.commit()
    return bearer(await token_for(runtime, TENANT, email))


@pytest.mark.parametrize("path", list(SCREENS))
async def test_a_screen_a_role_may_not_open_gives_it_no_data(
    clients: ClientFactory, seeded: Runtime, path: str
) -> None:
    ids = await user_ids(seeded, TENANT)
    nobody = await _nobody_headers(seeded)
    url = path.format(agente=ids["agente"])
    for who in EVERY:
        if who == "nessuno":
            async with clients(TENANT) as client:
                answer = await client.get(url, headers=nobody)
        else:
            answer = await call(clients, seeded, who, "GET", url)
        if who in SCREENS[path]:
            assert answer.status_code == 200, (who, answer.text[:200])
        else:
            assert answer.status_code in (403, 404), (who, answer.status_code)
