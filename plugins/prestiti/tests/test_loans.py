"""Loans (prestiti): who sees which practice, and where the line is served.

Demo data (plugins/prestiti/demo.py), in each tenant offering prestiti: two loans of agente and
one of subagente (sub-agent of agente).
"""

from __future__ import annotations

import pytest

from core.testing import ClientFactory, Runtime, add_quote, add_user, listed_ids, login, user_id

ROUTE = "/api/prestiti/preventivi"
LINE = "prestiti"
TENANT = "assicurapp"


async def _loans_by_owner(runtime: Runtime, clients: ClientFactory) -> dict[str, set[str]]:
    """Loan ids per owner key, read as the admin (who sees the whole tenant)."""
    client = clients(TENANT)
    response = await client.get(ROUTE, headers=await login(client, "admin"))
    assert response.status_code == 200
    ids = {key: await user_id(runtime, TENANT, key) for key in ("agente", "subagente")}
    owners = {uid: key for key, uid in ids.items()}
    by_owner: dict[str, set[str]] = {"agente": set(), "subagente": set()}
    for row in response.json():
        by_owner[owners[row["aId"]]].add(row["_id"])
    return by_owner


async def test_demo_loans_and_their_columns(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    response = await client.get(ROUTE, headers=await login(client, "admin"))
    assert response.status_code == 200
    rows = response.json()
    assert len(rows) == 3
    assert {row["prodotto"] for row in rows} == {
        "Cessione del quinto dello stipendio",
        "Prestito personale",
        "Mutuo",
    }
    for row in rows:
        assert set(row) == {
            "_id",
            "cliente",
            "status",
            "prodotto",
            "importoRichiesto",
            "rata",
            "at",
            "aId",
        }
        assert row["cliente"] == "Giulia Verdi"
    # Newest first.
    assert [row["at"] for row in rows] == sorted((row["at"] for row in rows), reverse=True)


async def test_each_role_sees_its_tree(seeded: Runtime, clients: ClientFactory) -> None:
    owned = await _loans_by_owner(seeded, clients)
    assert len(owned["agente"]) == 2
    assert len(owned["subagente"]) == 1
    everything = owned["agente"] | owned["subagente"]
    client = clients(TENANT)
    expected = {
        "admin": everything,
        "responsabile": everything,
        "agente": everything,  # its own and its sub-agent's
        "subagente": owned["subagente"],
        "segnalatore": owned["agente"],  # the agent it referred, not that agent's sub-agent
    }
    for role, ids in expected.items():
        assert await listed_ids(client, ROUTE, role) == ids, role


async def test_users_without_the_extra_product_are_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await add_user(seeded, TENANT, "senza", {"a": {"type": "agente"}}, [])
    client = clients(TENANT)
    for role in ("senza", "dipendente"):  # not in their list; role e works users only
        response = await client.get(ROUTE, headers=await login(client, role))
        assert response.status_code == 403, role
        assert response.json()["error"]["message"] == "Prodotto non abilitato per il tuo utente"


async def test_another_agent_sees_neither_tree(seeded: Runtime, clients: ClientFactory) -> None:
    owned = await _loans_by_owner(seeded, clients)
    other = await add_user(seeded, TENANT, "altro", {"a": {"type": "agente"}}, [LINE])
    own_loan = await add_quote(
        seeded, TENANT, LINE, other, prodotto={"Prodotto": "Prestito auto"}, status="Preventivato"
    )
    client = clients(TENANT)
    assert await listed_ids(client, ROUTE, "altro") == {own_loan}
    assert own_loan not in await listed_ids(client, ROUTE, "agente")
    assert own_loan not in await listed_ids(client, ROUTE, "subagente")
    assert await listed_ids(client, ROUTE, "admin") == owned["agente"] | owned["subagente"] | {
        own_loan
    }


async def test_a_new_sub_agent_loan_reaches_its_parent_only(
    seeded: Runtime, clients: ClientFactory
) -> None:
    agente = await user_id(seeded, TENANT, "agente")
    sub = await user_id(seeded, TENANT, "subagente")
    await add_user(seeded, TENANT, "altro", {"a": {"type": "agente"}}, [LINE])
    loan = await add_quote(seeded, TENANT, LINE, sub, parent=agente, status="Preventivato")
    client = clients(TENANT)
    assert loan in await listed_ids(client, ROUTE, "agente")
    assert loan in await listed_ids(client, ROUTE, "subagente")
    assert loan not in await listed_ids(client, ROUTE, "altro")


async def test_other_lines_are_not_listed(seeded: Runtime, clients: ClientFactory) -> None:
    agente = await user_id(seeded, TENANT, "agente")
    rental = await add_quote(seeded, TENANT, "noleggio-auto", agente)
    plain = await add_quote(seeded, TENANT, None, agente)
    listed = await listed_ids(clients(TENANT), ROUTE, "admin")
    assert rental not in listed
    assert plain not in listed


async def test_tenants_do_not_share_loans(seeded: Runtime, clients: ClientFactory) -> None:
    here = await listed_ids(clients(TENANT), ROUTE, "admin")
    there = await listed_ids(clients("assicurapp_dev"), ROUTE, "admin")
    assert len(here) == len(there) == 3
    assert not here & there


@pytest.mark.parametrize(
    ("tenant", "status"), [("rcadealer", 404), ("assicurapp", 200), ("assicurapp_dev", 200)]
)
async def test_gating(seeded: Runtime, clients: ClientFactory, tenant: str, status: int) -> None:
    client = clients(tenant)
    response = await client.get(ROUTE, headers=await login(client, "agente"))
    assert response.status_code == status, response.text


async def test_switched_off_line_answers_404(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    off = await client.put(f"/api/settings/products/{LINE}", json={"enabled": False}, headers=admin)
    assert off.status_code == 200
    assert (await client.get(ROUTE, headers=admin)).status_code == 404
    assert (
        await clients("assicurapp_dev").get(ROUTE, headers=await login(clients("assicurapp_dev")))
    ).status_code == 200


async def test_login_is_required(seeded: Runtime, clients: ClientFactory) -> None:
    assert (await clients(TENANT).get(ROUTE)).status_code == 401


async def test_each_role_opens_a_practice_of_its_tree_only(
    seeded: Runtime, clients: ClientFactory
) -> None:
    owned = await _loans_by_owner(seeded, clients)
    agents = sorted(owned["agente"])[0]
    expected = {"admin": 200, "responsabile": 200, "agente": 200, "segnalatore": 200,
                "subagente": 404, "dipendente": 403}  # fmt: skip
    client = clients(TENANT)
    for role, status in expected.items():
        headers = await login(client, role)
        for path in (f"{ROUTE}/{agents}", f"{ROUTE}/{agents}/secci"):
            answer = await client.get(path, headers=headers)  # the agent's are quoted
            assert answer.status_code == status, (role, path, answer.text)
    other = await listed_ids(clients("assicurapp_dev"), ROUTE, "admin")
    foreign = sorted(other)[0]
    answer = await client.get(f"{ROUTE}/{foreign}", headers=await login(client, "admin"))
    assert answer.status_code == 404  # another tenant's practice
