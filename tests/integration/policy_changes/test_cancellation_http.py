"""``POST /api/polizze/{id}/annullamento``: the unused net premium refunded (figures by
hand, docs/rules/policy-changes.md), the unpaid instalments set aside, the commissions
taken back in the ledger, the refund on the cash sheet, the history; each refusal in
Italian, changing nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.policy_changes.helpers import (
    call,
    changes,
    ledger,
    make_policy,
    rows_of,
)

pytestmark = pytest.mark.usefixtures("seeded")


def _path(policy_id: str) -> str:
    return f"/api/polizze/{policy_id}/annullamento"


async def _cancel(clients: ClientFactory, runtime: Runtime, policy_id: str, **body: Any) -> Any:
    payload = {"cancelledOn": "2026-04-10", "reason": "vendita", **body}
    return await call(clients, runtime, "admin", "POST", _path(policy_id), payload)


async def test_an_annual_policy_refunds_its_unused_net_and_takes_back_the_commission(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    preview = await _cancel(clients, seeded, policy_id, preview=True)
    assert preview.status_code == 200, preview.text
    # 1,000.00 net × 266 days left of 365 = 728.767… → 728.77; the 220.00 of taxes stay
    assert preview.json()["change"]["price"]["tot"] == -728.77
    assert len(await rows_of(seeded, policy_id)) == 1  # a preview saves nothing
    assert await changes(seeded, policy_id) == []

    done = await _cancel(clients, seeded, policy_id, description="Venduta a un privato")
    assert done.status_code == 201, done.text
    policy = done.json()["policy"]
    assert (policy["cancelledOn"], policy["cancelReason"]) == ("2026-04-10", "vendita")
    refund = policy["rate"][-1]
    assert refund["n"] == 2
    assert refund["info"]["kind"] == "rimborso"
    assert refund["info"]["change"] == done.json()["change"]["_id"]
    assert refund["price"] == {"tot": -728.77, "net": -728.77, "tax": 0, "agente": {"tot": -36.44}}
    assert (refund["paid"], refund["paidMethod"], refund["cassa"]) == (
        True,
        "bonifico",
        "2026-04-10",
    )
    assert refund["paidAt"].startswith(today_in_rome().isoformat())

    # the agent was credited 50.00, withheld 50 % × 23 % = 5.75, net 44.25; the refund
    # takes back 50.00 × 728.77 / 1000 = 36.4385 → 36.44 of it: what is left, 13.56, would
    # have been withheld 13.56 × 11.5 % = 1.5594 → 1.56, net 12.00; so the storno is
    # gross −36.44, withholding 1.56 − 5.75 = −4.19, net 12.00 − 44.25 = −32.25
    entries = await ledger(seeded, policy_id)
    assert [(e.kind, e.gross, e.withholding, e.amount) for e in entries] == [
        ("provvigione", Decimal("50.00"), Decimal("5.75"), Decimal("44.25")),
        ("storno", Decimal("-36.44"), Decimal("-4.19"), Decimal("-32.25")),
    ]
    assert entries[1].description.startswith("Storno provvigione per annullamento polizza T-")
    assert sum(e.amount for e in entries) == Decimal("12.00")

    # the refund is on the cash sheet of its cassa date, negative
    sheet = await call(clients, seeded, "admin", "GET", "/api/cassa?from=2026-04-10&to=2026-04-10")
    listed = [r for r in sheet.json()["rows"] if r["policyId"] == policy_id]
    assert [(r["total"], r["paid"]) for r in listed] == [(-728.77, True)]

    story = await call(clients, seeded, "agente", "GET", f"/api/polizze/{policy_id}/storia")
    assert story.status_code == 200, story.text
    kinds = [e["kind"] for e in story.json()["events"]]
    assert kinds[0] == "decorrenza"
    assert "annullamento" in kinds
    assert story.json()["changes"][0]["subtypeLabel"].startswith("Vendita del veicolo")
    # the commission shares are not shown to whoever sees the policy
    assert "commission" not in story.json()["changes"][0]["details"]["refund"][0]

    again = await _cancel(clients, seeded, policy_id)
    assert again.status_code == 400
    assert again.json()["error"]["message"] == "La polizza è già stata annullata il 10/04/2026"


async def test_a_monthly_policy_refunds_the_month_under_way_and_what_was_paid_ahead(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded, "MEN", paid=5)
    done = await _cancel(clients, seeded, policy_id, cancelledOn="2026-04-15", reason="furto")
    assert done.status_code == 201, done.text
    # April's 83.33 pays 1 Apr-1 May (30 days), 16 after the 15th: 83.33 × 16 / 30 =
    # 44.4426… → 44.44; May's, paid ahead, all of it: 83.33; refund 127.77
    rows = await rows_of(seeded, policy_id)
    refund = rows[-1]
    assert (refund.number, refund.total, refund.net, refund.tax) == (
        13, Decimal("-127.77"), Decimal("-127.77"), Decimal("0.00"),
    )  # fmt: skip
    # the agent's 4.16 × 44.44 / 83.33 = 2.2185 → 2.22, and May's 4.16: 6.38
    assert refund.agent_total == Decimal("-6.38")
    change_id = done.json()["change"]["_id"]
    assert [(r.number, r.info) for r in rows if r.info.get("SOSP")] == [
        (n, {"SOSP": True, "annullata": change_id}) for n in range(6, 13)
    ]
    for action in ("riattiva", "paga"):  # what the cancellation set aside stays aside
        path = f"/api/polizze/{policy_id}/rate/6"
        refused = await call(clients, seeded, "admin", "PUT", path, {"action": action})
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == (
            "La rata non è più dovuta: la polizza è stata annullata"
        )
    storni = [e for e in await ledger(seeded, policy_id) if e.kind == "storno"]
    # April: 4.16 credited (withheld 4.16 × 11.5 % = 0.4784 → 0.48), 1.94 left (withheld
    # 0.2231 → 0.22): storno −2.22, withholding −0.26; May: all of it, −4.16, −0.48
    assert sorted((e.gross, e.withholding) for e in storni) == [
        (Decimal("-4.16"), Decimal("-0.48")), (Decimal("-2.22"), Decimal("-0.26")),
    ]  # fmt: skip


async def test_an_unpaid_policy_refunds_nothing(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id = await make_policy(seeded, "MEN", paid=0)
    done = await _cancel(clients, seeded, policy_id, cancelledOn="2026-03-20", reason="recesso")
    assert done.status_code == 201, done.text
    rows = await rows_of(seeded, policy_id)
    assert len(rows) == 12  # no refund row
    assert [r.number for r in rows if r.info.get("SOSP")] == list(range(3, 13))
    assert await ledger(seeded, policy_id) == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"cancelledOn": "2025-12-31"}, "La data deve cadere nel periodo della polizza"),
        ({"cancelledOn": "2027-01-01"}, "La data deve cadere nel periodo della polizza"),
        ({"reason": "capriccio"}, "reason"),
        ({"cancelledOn": "10/04/2026"}, "cancelledOn"),
        ({"cancelledOn": None}, "cancelledOn"),
        ({"refundedOn": "2099-12-31"}, "Il rimborso non può avere una data futura"),
        ({"refundedOn": "2025-06-01"}, "La data del rimborso non può precedere la decorrenza"),
        ({"method": "baratto"}, "pagamento"),
        ({"extra": 1}, "Campo non previsto"),
        ({"description": "x" * 2001}, "description"),
    ],
)
async def test_bad_cancellations_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], message: str
) -> None:
    policy_id = await make_policy(seeded)
    answer = await _cancel(clients, seeded, policy_id, **body)
    assert answer.status_code == 400, answer.text
    assert message in answer.text
    assert len(await rows_of(seeded, policy_id)) == 1
    assert await changes(seeded, policy_id) == []


@pytest.mark.parametrize(
    "who", ["responsabile", "agente", "subagente", "segnalatore", "dipendente"]
)
async def test_only_admins_cancel(clients: ClientFactory, seeded: Runtime, who: str) -> None:
    policy_id = await make_policy(seeded)
    answer = await call(clients, seeded, who, "POST", _path(policy_id),
                        {"cancelledOn": "2026-04-10", "reason": "vendita"})  # fmt: skip
    assert answer.status_code == 403, (who, answer.text)
    assert await changes(seeded, policy_id) == []


async def test_another_tenant_and_unknown_ids_find_no_policy(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    body = {"cancelledOn": "2026-04-10", "reason": "vendita"}
    other = await call(clients, seeded, "admin", "POST", _path(policy_id), body, tenant="rcadealer")
    assert other.status_code == 404
    assert other.json()["error"]["message"] == "Polizza non trovata"
    for wrong in ("x" * 33, "nessuna"):
        assert (await call(clients, seeded, "admin", "POST", _path(wrong), body)).status_code == 404
    story = await call(clients, seeded, "subagente", "GET", f"/api/polizze/{policy_id}/storia")
    assert story.status_code == 404  # the parent's policy is not in the sub-agent's tree
    assert await changes(seeded, policy_id) == []


async def test_a_refund_on_a_closed_cash_day_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    today = today_in_rome().isoformat()
    closed = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure", {"day": today})
    assert closed.status_code == 201, closed.text
    answer = await _cancel(clients, seeded, policy_id)
    assert answer.status_code == 400
    assert "è chiusa" in answer.json()["error"]["message"]
    assert await changes(seeded, policy_id) == []
    # on an open day it goes through
    yesterday = await _cancel(clients, seeded, policy_id, refundedOn="2026-04-10")
    assert yesterday.status_code == 201, yesterday.text


async def test_a_single_payment_policy_refunds_its_unused_net(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded, "UNICO", paid=1)
    done = await _cancel(clients, seeded, policy_id, reason="sostituzione")
    assert done.status_code == 201, done.text
    # the single payment is the receipt: 1,000.00 × 266 / 365 = 728.77, as an annual one
    rows = await rows_of(seeded, policy_id)
    assert [(r.number, r.total, r.info["kind"]) for r in rows] == [
        (1, Decimal("-728.77"), "rimborso")
    ]
    entries = await ledger(seeded, policy_id)
    assert [(e.kind, e.gross) for e in entries] == [
        ("provvigione", Decimal("50.00")), ("storno", Decimal("-36.44")),
    ]  # fmt: skip
    assert entries[1].description.endswith("(pagamento unico)")
    assert done.json()["policy"]["paid"]["v"] is True  # still paid: nothing more is owed


async def test_undoing_the_refund_restores_the_commission_and_paying_it_again_takes_it_back(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    assert (await _cancel(clients, seeded, policy_id)).status_code == 201
    path = f"/api/polizze/{policy_id}/rate/2"
    undone = await call(clients, seeded, "admin", "PUT", path, {"action": "annulla"})
    assert undone.status_code == 200, undone.text
    # the storno (−32.25 net) restored: 44.25 again, as credited
    entries = await ledger(seeded, policy_id)
    assert [e.amount for e in entries] == [Decimal("44.25"), Decimal("-32.25"), Decimal("32.25")]
    assert entries[-1].description.startswith("Ripristino: Storno provvigione per annullamento")
    again = await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
    assert again.status_code == 200, again.text
    assert sum(e.amount for e in await ledger(seeded, policy_id)) == Decimal("12.00")


async def test_the_history_follows_the_policys_visibility(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    path = f"/api/polizze/{policy_id}/storia"
    for who in ("admin", "responsabile", "agente"):
        assert (await call(clients, seeded, who, "GET", path)).status_code == 200, who
    assert (await call(clients, seeded, "dipendente", "GET", path)).status_code == 403
    assert (
        await call(clients, seeded, "admin", "GET", path, tenant="rcadealer")
    ).status_code == 404
    assert (await call(clients, seeded, "admin", "GET", "/api/polizze/x/storia")).status_code == 404
