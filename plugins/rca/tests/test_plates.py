"""RCA plates (targhe): the register a tenant keeps, and where the line is served.

Demo data (plugins/rca/plugin.py): three plates in each tenant offering rca (rcadealer,
assicurapp_dev). Plates are not per agent: everyone with a role sees the tenant's register.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.api import TenantOwned, tenant_scope
from core.testing import DEMO_ROLES, ClientFactory, Runtime, add_user, login
from plugins.rca.models import Plate

ROUTE = "/api/targhe/"
DEMO_PLATES = [
    {"targa": "AB123CD", "tipoBersani": "auto", "targaAgev": None},
    {"targa": "EF456GH", "tipoBersani": "auto", "targaAgev": None},
    {"targa": "XY12345", "tipoBersani": "moto", "targaAgev": None},
]


def _without_ids(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{key: value for key, value in row.items() if key != "_id"} for row in rows]


async def _add_plate(runtime: Runtime, tenant: str, plate: str) -> None:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            session.add(Plate(plate=plate, tipo_bersani="autocarro", targa_agev="AG0001"))


@pytest.mark.parametrize("tenant", ["rcadealer", "assicurapp_dev"])
@pytest.mark.parametrize("role", [r for r in DEMO_ROLES if r != "dipendente"])
async def test_every_role_but_employees_sees_the_register(
    seeded: Runtime, clients: ClientFactory, tenant: str, role: str
) -> None:
    client = clients(tenant)
    response = await client.get(ROUTE, headers=await login(client, role))
    assert response.status_code == 200, response.text
    assert _without_ids(response.json()) == DEMO_PLATES  # sorted by plate


async def test_employees_are_refused(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    response = await client.get(ROUTE, headers=await login(client, "dipendente"))
    assert response.status_code == 403  # role e works users only (SPEC §6)


async def test_a_user_with_no_role_is_refused(seeded: Runtime, clients: ClientFactory) -> None:
    await add_user(seeded, "rcadealer", "nessuno", {})
    client = clients("rcadealer")
    response = await client.get(ROUTE, headers=await login(client, "nessuno"))
    assert response.status_code == 403


async def test_plates_stay_in_their_tenant(seeded: Runtime, clients: ClientFactory) -> None:
    await _add_plate(seeded, "rcadealer", "ZZ999ZZ")
    dealer, dev = clients("rcadealer"), clients("assicurapp_dev")
    mine = (await dealer.get(ROUTE, headers=await login(dealer, "agente"))).json()
    theirs = (await dev.get(ROUTE, headers=await login(dev, "agente"))).json()
    assert [row["targa"] for row in mine] == ["AB123CD", "EF456GH", "XY12345", "ZZ999ZZ"]
    assert mine[-1]["tipoBersani"] == "autocarro"
    assert mine[-1]["targaAgev"] == "AG0001"
    assert _without_ids(theirs) == DEMO_PLATES
    assert not {row["_id"] for row in mine} & {row["_id"] for row in theirs}


async def test_the_model_is_tenant_owned(seeded: Runtime) -> None:
    assert issubclass(Plate, TenantOwned)
    await _add_plate(seeded, "rcadealer", "ZZ999ZZ")
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            stamped = (
                await session.execute(select(Plate).where(Plate.plate == "ZZ999ZZ"))
            ).scalar_one()
            assert stamped.tenant_id == "rcadealer"
    with tenant_scope("assicurapp"):  # does not offer rca: no demo plates, none leak in
        async with seeded.db.session() as session:
            assert (await session.execute(select(Plate))).scalars().all() == []


@pytest.mark.parametrize(
    ("tenant", "status"), [("rcadealer", 200), ("assicurapp_dev", 200), ("assicurapp", 404)]
)
async def test_gating(seeded: Runtime, clients: ClientFactory, tenant: str, status: int) -> None:
    client = clients(tenant)
    response = await client.get(ROUTE, headers=await login(client, "admin"))
    assert response.status_code == status, response.text


async def test_rca_cannot_be_switched_on_where_not_offered(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    response = await client.put("/api/settings/products/rca", json={"enabled": True}, headers=admin)
    assert response.status_code == 404
    assert (await client.get(ROUTE, headers=admin)).status_code == 404


async def test_login_is_required(seeded: Runtime, clients: ClientFactory) -> None:
    assert (await clients("rcadealer").get(ROUTE)).status_code == 401
