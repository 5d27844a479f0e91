"""The collaborator balance over HTTP: collecting an instalment credits the collaborator and
the referrer once (twice, or two requests at once, still once), an undo reverses it, admins
post payouts and adjustments, and nobody reads a balance that is not theirs."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids
from tests.integration.commissions.helpers import TENANT, call, entries, unpaid

pytestmark = pytest.mark.usefixtures("seeded")


async def test_collecting_credits_the_collaborator_and_the_referrer_once(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id, n, tree, referred = await unpaid(seeded, "agente")
    before_agent = len(await entries(seeded, "agente"))
    before_referrer = len(await entries(seeded, "segnalatore"))
    path = f"/api/polizze/{policy_id}/rate/{n}"
    for _ in range(2):  # collected twice: posted once
        answer = await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
        assert answer.status_code == 200, answer.text
    agent = await entries(seeded, "agente")
    assert len(agent) == before_agent + 1
    credit = agent[-1]
    # the demo agent: 23 % on 50 % of the commission (art. 25-bis DPR 600/1973), so the
    # withholding is gross × 0.50 × 0.23 = gross × 0.115, to the cent
    assert (credit.kind, credit.gross) == ("provvigione", tree)
    withheld = (tree * Decimal("0.115")).quantize(Decimal("0.01"), "ROUND_HALF_UP")
    assert (credit.withholding, credit.amount) == (withheld, tree - withheld)
    assert credit.amount + credit.withholding == credit.gross
    assert credit.policy_id == policy_id
    referrer = await entries(seeded, "segnalatore")
    assert len(referrer) == before_referrer + (1 if referred else 0)

    undone = await call(clients, seeded, "admin", "PUT", path, {"action": "annulla"})
    assert undone.status_code == 200
    agent = await entries(seeded, "agente")
    assert [e.kind for e in agent[-2:]] == ["provvigione", "storno"]
    assert agent[-1].amount == -credit.amount
    await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
    agent = await entries(seeded, "agente")
    assert [e.kind for e in agent[-3:]] == ["provvigione", "storno", "provvigione"]


async def test_two_collections_at_once_post_once(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "subagente")
    before = len(await entries(seeded, "agente"))  # a sub-agent's policy credits its parent
    path = f"/api/polizze/{policy_id}/rate/{n}"
    headers = await headers_for(seeded, TENANT, "admin")
    async with clients(TENANT) as client:
        answers = await asyncio.gather(
            *(client.put(path, json={"action": "paga"}, headers=headers) for _ in range(4))
        )
    assert {a.status_code for a in answers} == {200}
    assert len(await entries(seeded, "agente")) == before + 1


async def test_the_ledger_adds_up_and_defaults_to_this_month(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    answer = await call(clients, seeded, "agente", "GET", f"/api/saldo/{ids['agente']}")
    assert answer.status_code == 200, answer.text
    ledger = answer.json()
    assert ledger["from"].endswith("-01")
    moved = sum(Decimal(str(e["amount"])) for e in ledger["entries"])
    assert Decimal(str(ledger["opening"])) + moved == Decimal(str(ledger["closing"]))
    year = await call(
        clients, seeded, "agente", "GET",
        f"/api/saldo/{ids['agente']}?from=2020-01-01&to=2029-12-31",
    )  # fmt: skip
    everything = year.json()
    assert everything["opening"] == 0
    assert everything["closing"] == ledger["closing"]
    assert all(e["link"] == {"name": "polizza", "params": {"id": e["policyId"]}}
               for e in everything["entries"] if e["policyId"])  # fmt: skip


async def test_admins_post_payouts_and_adjustments_once(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    path = f"/api/saldo/{ids['agente']}"
    before = (await call(clients, seeded, "admin", "GET", path)).json()["closing"]
    payout = {"kind": "pagamento", "amount": 100.5, "reason": "Bonifico novembre",
              "requestId": "req-payout-0001"}  # fmt: skip
    for _ in range(2):
        posted = await call(clients, seeded, "admin", "POST", f"{path}/movimenti", payout)
        assert posted.status_code == 201, posted.text
        assert posted.json()["amount"] == -100.5
    adjustment = {"kind": "rettifica", "amount": -0.25, "reason": "Arrotondamento",
                  "requestId": "req-adjust-0001"}  # fmt: skip
    assert (await call(clients, seeded, "admin", "POST", f"{path}/movimenti", adjustment)
            ).status_code == 201  # fmt: skip
    after = (await call(clients, seeded, "admin", "GET", path)).json()["closing"]
    assert Decimal(str(after)) == Decimal(str(before)) - Decimal("100.75")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"kind": "pagamento", "amount": 0, "reason": "Zero"}, "Importo non valido"),
        ({"kind": "pagamento", "amount": -5, "reason": "Negativo"}, "importo positivo"),
        ({"kind": "anticipo", "amount": 1.234, "reason": "Tre decimali"}, "Dati non validi"),
        ({"kind": "rettifica", "amount": 2000000, "reason": "Troppo"}, "Importo non valido"),
        ({"kind": "rettifica", "amount": "NaN", "reason": "NaN"}, "Dati non validi"),
        ({"kind": "rettifica", "amount": 5, "reason": "  "}, "Dati non validi"),
        ({"kind": "regalo", "amount": 5, "reason": "Tipo ignoto"}, "Dati non validi"),
        ({"kind": "rettifica", "amount": 5, "reason": "Extra", "userId": "x"}, "Dati non validi"),
    ],
)
async def test_bad_entries_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], message: str
) -> None:
    ids = await user_ids(seeded, TENANT)
    before = len(await entries(seeded, "agente"))
    answer = await call(
        clients, seeded, "admin", "POST", f"/api/saldo/{ids['agente']}/movimenti",
        {"requestId": "req-bad-00001", **body},
    )  # fmt: skip
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]
    assert len(await entries(seeded, "agente")) == before


@pytest.mark.parametrize(
    ("who", "whose", "status"),
    [
        ("agente", "agente", 200), ("segnalatore", "segnalatore", 200),
        ("admin", "agente", 200), ("admin", "segnalatore", 200),
        ("subagente", "subagente", 403), ("subagente", "agente", 403),
        ("agente", "segnalatore", 403), ("responsabile", "agente", 403),
        ("dipendente", "agente", 403), ("admin", "responsabile", 400),
        ("admin", "subagente", 400),
    ],
)  # fmt: skip
async def test_who_reads_which_balance(
    clients: ClientFactory, seeded: Runtime, who: str, whose: str, status: int
) -> None:
    ids = await user_ids(seeded, TENANT)
    answer = await call(clients, seeded, who, "GET", f"/api/saldo/{ids[whose]}")
    assert answer.status_code == status, answer.text


async def test_only_admins_post_and_only_in_their_tenant(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    entry = {"kind": "rettifica", "amount": 5, "reason": "Prova", "requestId": "req-role-0001"}
    for who in ("agente", "responsabile", "dipendente", "segnalatore"):
        answer = await call(
            clients, seeded, who, "POST", f"/api/saldo/{ids['agente']}/movimenti", entry
        )
        assert answer.status_code == 403, who
    other = await call(
        clients, seeded, "admin", "POST", f"/api/saldo/{ids['agente']}/movimenti", entry,
        tenant="rcadealer",
    )  # fmt: skip
    assert other.status_code == 404
    assert (await call(clients, seeded, "admin", "GET", f"/api/saldo/{ids['agente']}",
                        tenant="rcadealer")).status_code == 404  # fmt: skip
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = (
                select(func.count())
                .select_from(m.BalanceEntry)
                .where(m.BalanceEntry.posting_key == "manuale:req-role-0001")
            )
            assert (await session.execute(stmt)).scalar_one() == 0


async def test_only_admins_collect_instalments_over_http(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    path = f"/api/polizze/{policy_id}/rate/{n}"
    for who in ("agente", "responsabile", "dipendente"):
        answer = await call(clients, seeded, who, "PUT", path, {"action": "paga"})
        assert answer.status_code == 403, who
    bad = await call(clients, seeded, "admin", "PUT", path, {"action": "regala"})
    assert bad.status_code == 400
    other = await call(clients, seeded, "admin", "PUT", path, {"action": "paga"}, "rcadealer")
    assert other.status_code == 404
