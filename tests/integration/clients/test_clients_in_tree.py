"""``core.api.clients_in_tree``: a product line names a record's owner the way quotes do —
the agent tree's client with that fiscal code, its name kept, or a new one — and
``valid_fiscal_code`` checks the code with the customer fields' messages."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from core.api import ClientError, Customer, clients_in_tree, valid_fiscal_code
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import user_id

TENANT = "assicurapp"
LUCA_CF = "BNCLCU80A01H501Q"
NEW_CF = "RSSMRA80A01H501U"


async def _clients(runtime: Runtime, code: str) -> list[m.Client]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Client).where(m.Client.fiscal_code == code)
            return list((await session.execute(stmt)).scalars())


async def _named(runtime: Runtime, tree: str | None, *customers: Customer) -> dict[str, str]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            found = await clients_in_tree(session, tree, customers, agent_id=tree)
            return {code: client.id for code, client in found.items()}


async def test_the_trees_client_is_found_and_keeps_its_name(seeded: Runtime) -> None:
    agent = await user_id(seeded, TENANT, "agente")
    (luca,) = [c for c in await _clients(seeded, LUCA_CF) if c.owner_agent_id == agent]
    found = await _named(seeded, agent, Customer(name="L. Bianchi", fiscal_code=LUCA_CF))
    assert found == {LUCA_CF: luca.id}
    (again,) = [c for c in await _clients(seeded, LUCA_CF) if c.owner_agent_id == agent]
    assert again.name == luca.name == "Luca Bianchi"


async def test_a_missing_client_is_made_in_that_tree_only(seeded: Runtime) -> None:
    agent = await user_id(seeded, TENANT, "agente")
    other = await user_id(seeded, TENANT, "segnalatore")
    rossi = Customer(name="Mario Rossi", fiscal_code=NEW_CF, plates=("BC234DE",))
    mine = await _named(seeded, agent, rossi, Customer(name="Senza codice"))
    assert set(mine) == {NEW_CF}  # a customer without a fiscal code is left out
    theirs = await _named(seeded, other, rossi)
    assert theirs[NEW_CF] != mine[NEW_CF]  # two trees, two clients
    stored = {c.owner_agent_id: c for c in await _clients(seeded, NEW_CF)}
    assert set(stored) == {agent, other}
    assert stored[agent].name == "Mario Rossi"
    assert stored[agent].agent_id == agent
    assert stored[agent].data["plates"] == ["BC234DE"]
    assert await _named(seeded, agent, rossi) == mine  # found, not made again


async def test_two_writers_naming_one_new_customer_make_one_client(seeded: Runtime) -> None:
    agent = await user_id(seeded, TENANT, "agente")
    rossi = Customer(name="Mario Rossi", fiscal_code=NEW_CF)
    first, second = await asyncio.gather(_named(seeded, agent, rossi), _named(seeded, agent, rossi))
    assert first == second
    assert len(await _clients(seeded, NEW_CF)) == 1


@pytest.mark.parametrize(
    ("raw", "code"),
    [(" bncl cu80a01h501q ", LUCA_CF), ("01234567897", "01234567897")],
)
def test_valid_fiscal_codes_are_normalised(raw: str, code: str) -> None:
    assert valid_fiscal_code(raw) == code


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("BNCLCU80A01H501X", "Codice fiscale errato"),
        ("01234567890", "Partita IVA errata"),
        ("", "Codice fiscale errato"),
        ("x" * 5000, "Codice fiscale errato"),
        (12345678901, "Codice fiscale errato"),
        (None, "Codice fiscale errato"),
    ],
)
def test_invalid_fiscal_codes_are_refused(raw: object, message: str) -> None:
    with pytest.raises(ClientError, match=f"^{message}$"):
        valid_fiscal_code(raw)
