"""The side menu per tenant and demo role (SPEC §6), written out in full.

SPEC §6 menu visibility:
- utenti: admin or employee (e); home and nuova-quotazione: agent (a);
- preventivi, polizze, insolute (the overdue instalments), sinistri, chat, report: everyone
  except employee; prodotti: admin or responsabile;
- saldo-collaboratore: an agent with no parent agent; cassa, rimesse and impostazioni: admin;
- importa (the portfolio import): admin, responsabile and an agent with no parent agent;
- rui (RUI e formazione): admin, responsabile and agents;
- clienti: agent or admin; area-documentale: everyone;
- extra products: admin sees every one the tenant offers, others only those in their own list
  (the demo agente and subagente have all the tenant's extra products, nobody else any);
- rcadealer's menu is cut (tenants.yaml ``menu.only``, so no claims) to users, quotes,
  policies, report, settings, products and chat, plus plates and its extra product;
- targhe (plates) exists where the tenant offers rca (rcadealer, assicurapp_dev).

Order is the menu's own (``MenuEntry.order``), so the lists below are compared as lists.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import DEMO_ROLES, ClientFactory, login, me, menu_keys

EXPECTED: dict[str, dict[str, list[str]]] = {
    "assicurapp": {
        "admin": [
            "utenti",
            "preventivi",
            "polizze",
            "insolute",
            "sinistri",
            "chat",
            "report",
            "prodotti",
            "rui",
            "cassa",
            "rimesse",
            "importa",
            "impostazioni",
            "clienti",
            "area-documentale",
            "noleggio-auto",
            "prestiti",
        ],
        "responsabile": [
            "preventivi",
            "polizze",
            "insolute",
            "sinistri",
            "chat",
            "report",
            "prodotti",
            "rui",
            "importa",
            "area-documentale",
            "noleggio-auto",
            "prestiti",
        ],
        "agente": [
            "home",
            "preventivi",
            "polizze",
            "insolute",
            "sinistri",
            "chat",
            "report",
            "saldo-collaboratore",
            "rui",
            "importa",
            "clienti",
            "nuova-quotazione",
            "area-documentale",
            "noleggio-auto",
            "prestiti",
        ],
        "subagente": [
            "home",
            "preventivi",
            "polizze",
            "insolute",
            "sinistri",
            "chat",
            "report",
            "rui",
            "clienti",
            "nuova-quotazione",
            "area-documentale",
            "noleggio-auto",
            "prestiti",
        ],
        "dipendente": ["utenti", "area-documentale"],
        "segnalatore": [
            "preventivi",
            "polizze",
            "insolute",
            "sinistri",
            "chat",
            "report",
            "area-documentale",
            "noleggio-auto",
            "prestiti",
        ],
    },
    "rcadealer": {
        "admin": [
            "utenti",
            "preventivi",
            "polizze",
            "chat",
            "report",
            "prodotti",
            "impostazioni",
            "targhe",
            "noleggio-auto",
        ],
        "responsabile": [
            "preventivi",
            "polizze",
            "chat",
            "report",
            "prodotti",
            "targhe",
            "noleggio-auto",
        ],
        "agente": [
            "preventivi",
            "polizze",
            "chat",
            "report",
            "nuova-quotazione",
            "targhe",
            "noleggio-auto",
        ],
        "subagente": [
            "preventivi",
            "polizze",
            "chat",
            "report",
            "nuova-quotazione",
            "targhe",
            "noleggio-auto",
        ],
        "dipendente": ["utenti"],
        "segnalatore": ["preventivi", "polizze", "chat", "report", "targhe", "noleggio-auto"],
    },
}

# What rcadealer's cut removes, for a readable failure if tenants.yaml changes.
RCADEALER_NEVER = {"home", "cassa", "clienti", "area-documentale", "prestiti"}


def test_table_covers_every_demo_role() -> None:
    for tenant, roles in EXPECTED.items():
        assert set(roles) == set(DEMO_ROLES), tenant


@pytest.mark.parametrize("role", DEMO_ROLES)
@pytest.mark.parametrize("tenant", sorted(EXPECTED))
async def test_menu_keys_per_tenant_and_role(
    seeded: Runtime, clients: ClientFactory, tenant: str, role: str
) -> None:
    client = clients(tenant)
    keys = await menu_keys(client, await login(client, role))
    assert keys == EXPECTED[tenant][role]


@pytest.mark.parametrize("role", DEMO_ROLES)
async def test_rcadealer_cut_holds_for_every_role(
    seeded: Runtime, clients: ClientFactory, role: str
) -> None:
    client = clients("rcadealer")
    keys = set(await menu_keys(client, await login(client, role)))
    assert not keys & RCADEALER_NEVER


async def test_menu_entries_carry_path_label_icon_and_chip(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("rcadealer")
    menu = (await me(client, await login(client, "admin")))["menu"]
    by_key = {entry["key"]: entry for entry in menu}
    assert by_key["targhe"] == {
        "key": "targhe",
        "path": "/targhe",
        "label": "menu:targhe",
        "icon": "license",
        "order": 140,
        "chip": None,
        "product": None,
    }
    assert by_key["noleggio-auto"]["label"] == "Noleggio auto"
    assert by_key["noleggio-auto"]["product"] == "noleggio-auto"
    assert by_key["noleggio-auto"]["path"] == "/noleggio-auto"
    assert by_key["preventivi"]["chip"] == "preventivi"
    assert by_key["polizze"]["chip"] == "polizze"
    assert by_key["chat"]["chip"] == "chat"


async def test_a_user_with_no_role_has_an_empty_menu(
    seeded: Runtime, clients: ClientFactory
) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            user = (
                await session.execute(select(m.User).where(m.User.email == "segnalatore@demo.it"))
            ).scalar_one()
            user.role = {}
    client = clients("assicurapp")
    assert await menu_keys(client, await login(client, "segnalatore")) == []
