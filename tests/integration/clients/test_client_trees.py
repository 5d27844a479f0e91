"""Customers belong to agent trees: an agent outside a tree can neither read nor change its
clients, by name or by fiscal code; a sub-agent reads only what its own records put there;
today's shared rows are split per tree by the migration, losing nothing."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, text

import core.db
from core.context import tenant_scope
from core.db import models as m
from core.db.engine import make_engine, owner_url
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, bearer, token_for

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
LUCA_CF = "BNCLCU80A01H501Q"
"""The demo client of agente@demo.it: Luca Bianchi, luca.bianchi@example.it, plate AB123CD."""
OUTSIDER = "esterno@demo.it"


def _usr_data(name: str, fiscal_code: str | None = None, **extra: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [{"_id": "nome", "type": "text", "value": name}]
    if fiscal_code:
        entries.append({"_id": "cf", "type": "cf", "value": fiscal_code})
    if "email" in extra:
        entries.append({"_id": "email", "type": "text", "value": extra["email"]})
    if "plate" in extra:
        entries.append({"_id": "targa", "type": "targa", "value": {"value": extra["plate"]}})
    return entries


async def _outsider(runtime: Runtime) -> str:
    """A second top-level agent of the tenant, outside agente@demo.it's tree."""
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            user = m.User(email=OUTSIDER, name="Agente Esterno", role={"a": {"type": "a"}})
            session.add(user)
            await session.flush()
            return user.id


async def _quote_by(runtime: Runtime, email: str, usr_data: list[dict[str, Any]]) -> str:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == email))
            ).scalar_one()
            product = (await session.execute(select(m.Product).limit(1))).scalar_one()
            quote = m.Quote(
                product_id=product.id, agent_id=agent.id,
                parent_agent_id=agent.parent_agent_id, usr_data=usr_data,
            )  # fmt: skip
            session.add(quote)
            await session.flush()
            return quote.id


async def _get(clients: ClientFactory, runtime: Runtime, email: str, path: str) -> Any:
    async with clients(TENANT) as client:
        return await client.get(path, headers=bearer(await token_for(runtime, TENANT, email)))


async def _list(clients: ClientFactory, runtime: Runtime, email: str) -> list[dict[str, Any]]:
    answer = await _get(clients, runtime, email, "/api/clients")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()
    return found


def _with_code(found: list[dict[str, Any]], code: str) -> list[dict[str, Any]]:
    return [c for c in found if c["fiscalCode"] == code]


async def test_a_name_alone_reveals_nothing_of_another_trees_client(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await _outsider(seeded)
    await _quote_by(seeded, OUTSIDER, _usr_data("Luca Bianchi"))

    mine = await _list(clients, seeded, OUTSIDER)

    assert [(c["name"], c["fiscalCode"], c["plates"], c["email"]) for c in mine] == [
        ("Luca Bianchi", None, [], None)
    ]
    admin = await _list(clients, seeded, "admin@demo.it")
    [luca] = _with_code(admin, LUCA_CF)
    refused = await _get(clients, seeded, OUTSIDER, f"/api/clients/{luca['_id']}")
    assert refused.status_code == 404


async def test_the_same_fiscal_code_in_another_tree_changes_nothing_there(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await _outsider(seeded)
    await _quote_by(
        seeded,
        OUTSIDER,
        _usr_data("Nome Falso", LUCA_CF, email="falso@example.it", plate="ZZ999ZZ"),
    )

    [as_owner] = _with_code(await _list(clients, seeded, "agente@demo.it"), LUCA_CF)
    assert (as_owner["name"], as_owner["email"]) == ("Luca Bianchi", "luca.bianchi@example.it")
    assert "ZZ999ZZ" not in as_owner["plates"]
    [as_outsider] = _with_code(await _list(clients, seeded, OUTSIDER), LUCA_CF)
    assert (as_outsider["name"], as_outsider["email"], as_outsider["plates"]) == (
        "Nome Falso", "falso@example.it", ["ZZ999ZZ"],
    )  # fmt: skip
    as_admin = _with_code(await _list(clients, seeded, "admin@demo.it"), LUCA_CF)
    assert sorted(c["name"] for c in as_admin) == ["Luca Bianchi", "Nome Falso"]


async def test_a_sub_agent_reads_only_what_its_records_put_there(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await _quote_by(
        seeded, "subagente@demo.it", _usr_data("Luca Bianchi", LUCA_CF, plate="SB111SB")
    )

    [as_sub] = _with_code(await _list(clients, seeded, "subagente@demo.it"), LUCA_CF)
    [as_agent] = _with_code(await _list(clients, seeded, "agente@demo.it"), LUCA_CF)

    assert as_sub["_id"] == as_agent["_id"]  # one client in the tree
    assert (as_sub["plates"], as_sub["email"]) == (["SB111SB"], None)
    assert {"AB123CD", "SB111SB"} <= set(as_agent["plates"])
    assert as_agent["email"] == "luca.bianchi@example.it"
    detail = await _get(clients, seeded, "subagente@demo.it", f"/api/clients/{as_sub['_id']}")
    assert detail.json()["client"]["plates"] == ["SB111SB"]
    assert len(detail.json()["quotes"]) == 1


def _migration() -> Any:
    path = Path(core.db.__file__).parent / "migrations/versions/0005_client_owners.py"
    spec = importlib.util.spec_from_file_location("core_0005_client_owners", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_migration_splits_clients_shared_across_trees(
    seeded: Runtime, settings: Settings
) -> None:
    """Today's rows: one client for two trees, no owners. After core_0005's data step: one
    client per tree, each tree's records on its own, nothing deleted."""
    await _outsider(seeded)
    outsider_quote = await _quote_by(seeded, OUTSIDER, _usr_data("Luca Bianchi", LUCA_CF))
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            luca = (
                (
                    await conn.execute(
                        text(
                            "SELECT id FROM clients WHERE fiscal_code = :cf AND tenant_id = :t "
                            "ORDER BY created_at"
                        ),
                        {"cf": LUCA_CF, "t": TENANT},
                    )
                )
                .scalars()
                .all()
            )
            assert len(luca) == 2
            shared, own = luca  # as it was: the outsider's quote joined the first client
            await conn.execute(
                text("UPDATE quotes SET client_id = :c WHERE id = :q"),
                {"c": shared, "q": outsider_quote},
            )
            await conn.execute(text("DELETE FROM clients WHERE id = :c"), {"c": own})
            await conn.execute(text("UPDATE clients SET owner_agent_id = NULL"))
            before = (await conn.execute(text("SELECT count(*) FROM quotes"))).scalar_one()

            await conn.run_sync(_migration().assign_owners)

            rows = (
                await conn.execute(
                    text(
                        "SELECT c.id, u.email, c.name, c.email FROM clients c "
                        "LEFT JOIN users u ON u.id = c.owner_agent_id "
                        "WHERE c.fiscal_code = :cf AND c.tenant_id = :t"
                    ),
                    {"cf": LUCA_CF, "t": TENANT},
                )
            ).all()
            moved = (
                await conn.execute(
                    text("SELECT client_id FROM quotes WHERE id = :q"), {"q": outsider_quote}
                )
            ).scalar_one()
            kept = (
                await conn.execute(
                    text("SELECT count(*) FROM quotes WHERE client_id = :c"), {"c": shared}
                )
            ).scalar_one()
            after = (await conn.execute(text("SELECT count(*) FROM quotes"))).scalar_one()
            unowned = (
                await conn.execute(
                    text(
                        "SELECT count(*) FROM clients c JOIN quotes q ON q.client_id = c.id "
                        "WHERE c.owner_agent_id IS NULL"
                    )
                )
            ).scalar_one()
    finally:
        await engine.dispose()
    by_owner = {owner: (client_id, name, email) for client_id, owner, name, email in rows}
    assert set(by_owner) == {"agente@demo.it", OUTSIDER}
    assert by_owner["agente@demo.it"][0] == shared
    assert moved == by_owner[OUTSIDER][0] != shared
    assert by_owner[OUTSIDER][1:] == ("Luca Bianchi", "luca.bianchi@example.it")  # data copied
    assert kept >= 2  # the owner's quotes stay on the original row
    assert before == after
    assert unowned == 0
