"""Endorsements and cancellations worked by hand (docs/rules/policy-changes.md): the days
after the effective day, the refund of the unused net premium of an annual and a monthly
policy, an endorsement's difference up and down; and, for any amounts, the ledger's
take-back leaving exactly what the part never collected would have credited."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from core.db import models as m
from core.domain.commissions.rules import payout
from core.domain.commissions.takebacks import signed_payout, takeback
from core.domain.policy_changes.amounts import Parts, days_after, prorate, split_gross
from core.domain.policy_changes.periods import receipts, taken_back, to_set_aside
from core.domain.policy_changes.service import endorsement_parts

START, END = date(2026, 1, 1), date(2027, 1, 1)
TAX_22 = [{"ramo": "incendio", "label": "Imposta", "rate": 22, "base": 1000, "amount": 220}]
RATES = {"company": "10", "agent": "50", "referrer": "10"}


def _policy(rows: list[m.Instalment], **money: Any) -> m.Policy:
    euro = Decimal
    policy = m.Policy(
        id="pol", start_date=START, end_date=END, premium=euro("1220.00"),
        net_premium=euro("1000.00"), tax_total=euro("220.00"), taxes=TAX_22,
        commission=euro("100.00"), agent_total=euro("50.00"), parent_total=euro(0),
        referrer_total=euro("10.00"), rates=RATES, paid=False, **money,
    )  # fmt: skip
    policy.instalments = rows
    return policy


def _row(n: int, cassa: date, net: str, tax: str, commission: str, agent: str, referrer: str,
         paid: bool) -> m.Instalment:  # fmt: skip
    return m.Instalment(
        id=f"r{n}", number=n, cassa_date=cassa, net=Decimal(net), tax=Decimal(tax),
        total=Decimal(net) + Decimal(tax), commission=Decimal(commission),
        agent_total=Decimal(agent),
        parent_total=Decimal(0), referrer_total=Decimal(referrer), paid=paid, info={},
    )  # fmt: skip


def test_the_days_after_the_effective_day() -> None:
    # cover runs from 24:00 of 1 Jan 2026 to 24:00 of 1 Jan 2027: 365 days; cancelled on
    # 10 April, its 24:00 ends cover: 11 April .. 1 January 2027 are left
    # = 20 (Apr 11-30) + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 31 (May-Dec) + 1 (Jan 1) = 266
    assert days_after(date(2026, 4, 10), START, END) == 266
    assert days_after(START, START, END) == 365  # cancelled on the first day: all of it
    assert days_after(date(2026, 12, 31), START, END) == 1
    assert days_after(date(2027, 3, 1), START, END) == 0
    assert days_after(date(2025, 3, 1), START, END) == 365


def test_an_annual_policy_gives_back_its_unused_net_premium() -> None:
    row = _row(1, START, "1000.00", "220.00", "100.00", "50.00", "10.00", paid=True)
    taken = taken_back(receipts(_policy([row])), date(2026, 4, 10))
    assert len(taken) == 1
    assert (taken[0].days, taken[0].period) == (266, 365)
    # net 1000.00 × 266 / 365 = 728.767… → 728.77; the taxes (220.00) are not given back
    # commission 100.00 × 728.77 / 1000.00 = 72.877 → 72.88
    # agent 50.00 × 0.72877 = 36.4385 → 36.44; referrer 10.00 × 0.72877 = 7.2877 → 7.29
    assert taken[0].parts == Parts(
        Decimal("728.77"),
        Decimal(0),
        Decimal("72.88"),
        Decimal("36.44"),
        Decimal(0),
        Decimal("7.29"),
    )


def _monthly(paid: int) -> list[m.Instalment]:
    """1,220.00 a year in 12: nets 83.33 (83.37 the first, the 0.04 left over), taxes 18.33
    (18.37); commission 8.33 (8.37), agent 4.16 (4.24), referrer 0.83 (0.87)."""
    rows = [_row(1, START, "83.37", "18.37", "8.37", "4.24", "0.87", paid=paid >= 1)]
    for n in range(2, 13):
        rows.append(_row(n, date(2026, n, 1), "83.33", "18.33", "8.33", "4.16", "0.83",
                         paid=paid >= n))  # fmt: skip
    return rows


def test_a_monthly_policy_gives_back_the_rest_of_the_month_and_what_was_paid_ahead() -> None:
    policy = _policy(_monthly(paid=5))  # April paid, and May paid ahead
    found = receipts(policy)
    taken = taken_back(found, date(2026, 4, 15))
    # April's instalment pays 1 Apr .. 1 May = 30 days; after 15 April: 16
    # net 83.33 × 16 / 30 = 44.4426… → 44.44; ratio 44.44 / 83.33 = 0.533295…
    # commission 8.33 × 0.533295 = 4.4423 → 4.44; agent 4.16 × 0.533295 = 2.2185 → 2.22;
    # referrer 0.83 × 0.533295 = 0.4426 → 0.44. May's, paid ahead, all its net: 83.33
    assert [(t.receipt.number, t.days, t.period) for t in taken] == [(4, 16, 30), (5, 31, 31)]
    assert taken[0].parts == Parts(
        Decimal("44.44"), Decimal(0), Decimal("4.44"), Decimal("2.22"), Decimal(0), Decimal("0.44")
    )
    assert taken[1].parts == Parts(
        Decimal("83.33"), Decimal(0), Decimal("8.33"), Decimal("4.16"), Decimal(0), Decimal("0.83")
    )
    # June to December, unpaid, are set aside; nothing of January to March comes back
    assert [row.number for row in to_set_aside(found, date(2026, 4, 15))] == list(range(6, 13))


def test_an_unpaid_policy_gives_nothing_back_and_sets_its_instalments_aside() -> None:
    policy = _policy(_monthly(paid=0))
    found = receipts(policy)
    assert taken_back(found, date(2026, 4, 15)) == []
    # April's (1 Apr .. 1 May) runs past the 15th: set aside with the later ones
    assert [row.number for row in to_set_aside(found, date(2026, 4, 15))] == list(range(4, 13))


def test_a_vehicle_change_up_and_down() -> None:
    policy = _policy([])
    # new yearly 1,464.00 from 1 July: +244.00 a year for the 184 days after 1 July
    # (Jul 2-31 30, Aug 31, Sep 30, Oct 31, Nov 30, Dec 31, Jan 1 1 = 184)
    days = days_after(date(2026, 7, 1), START, END)
    assert days == 184
    gross = prorate(Decimal("244.00"), days, 365)
    assert gross == Decimal("123.00")  # 244 × 184 / 365 = 123.0027… → 123.00
    # net 123.00 / 1.22 = 100.8196… → 100.82, tax the rest 22.18; commission 10 % of
    # 100.82 = 10.082 → 10.08; agent 50 % = 5.04; referrer 10 % = 1.008 → 1.01
    up = endorsement_parts(policy, gross)
    assert up == Parts(
        Decimal("100.82"),
        Decimal("22.18"),
        Decimal("10.08"),
        Decimal("5.04"),
        Decimal(0),
        Decimal("1.01"),
    )
    assert up.total == Decimal("123.00")
    down = endorsement_parts(policy, prorate(Decimal("-244.00"), days, 365))
    assert down == up.negated()  # the same change the other way rounds alike


def test_a_premium_of_two_rami_splits_at_each_rate() -> None:
    taxes = [
        {"ramo": "rca", "rate": "12.5", "base": "800"},
        {"ramo": "rca", "rate": "10.5", "base": "800"},
        {"ramo": "furto", "rate": "13.5", "base": "200"},
    ]  # fmt: skip
    # 100.00 shared 800 : 200 → 80.00 and 20.00; RC auto 80.00 / 1.23 = 65.0406 → 65.04,
    # theft 20.00 / 1.135 = 17.6211 → 17.62: net 82.66, taxes 17.34
    assert split_gross(Decimal("100.00"), taxes) == (Decimal("82.66"), Decimal("17.34"))
    assert split_gross(Decimal("-100.00"), taxes) == (Decimal("-82.66"), Decimal("-17.34"))
    assert split_gross(Decimal("50.00"), []) == (
        Decimal("50.00"),
        Decimal(0),
    )  # ramo unknown: all net


CENTS = st.integers(min_value=0, max_value=10_000_000_00)
RITENUTA = st.sampled_from([Decimal(0), Decimal("11.5"), Decimal(20), Decimal(23), Decimal("23.5")])
BASE = st.sampled_from([Decimal(0), Decimal(20), Decimal(50), Decimal(100)])


@given(CENTS, st.floats(min_value=0, max_value=1), RITENUTA, BASE)
def test_a_takeback_leaves_what_the_part_never_collected_would_credit(
    gross_cents: int, share: float, ritenuta: Decimal, base: Decimal
) -> None:
    gross = Decimal(gross_cents) / 100
    taken = (gross * Decimal(str(share))).quantize(Decimal("0.01"), rounding="ROUND_DOWN")
    back = takeback(gross, taken, ritenuta, base)
    credit, kept = payout(gross, ritenuta, base), payout(gross - taken, ritenuta, base)
    assert back.gross == -taken
    assert credit.net + back.net == kept.net
    assert credit.withholding + back.withholding == kept.withholding
    assert back.net + back.withholding == back.gross


@given(
    st.lists(st.integers(1, 50_000_00), min_size=12, max_size=12),
    st.integers(0, 12), st.dates(date(2026, 1, 1), date(2026, 12, 31)), RITENUTA, BASE,
)  # fmt: skip
def test_a_cancellation_brings_the_ledger_to_the_uncollected_part(
    nets: list[int], paid: int, day: date, ritenuta: Decimal, base: Decimal
) -> None:
    cent = Decimal("0.01")
    rows = [
        _row(n, date(2026, n, 1), str(Decimal(c) / 100), "0.00",
             str((Decimal(c) / 1000).quantize(cent)), str((Decimal(c) / 2000).quantize(cent)),
             "0.00", paid=n <= paid)
        for n, c in enumerate(nets, start=1)
    ]  # fmt: skip
    taken = taken_back(receipts(_policy(rows)), day)
    by_row = {t.receipt.number: t.parts for t in taken}
    ledger = Decimal(0)
    never = Decimal(0)
    for r in rows:
        if not r.paid:
            continue
        part = by_row.get(r.number, Parts())
        assert Decimal(0) <= part.net <= r.net
        assert part.agent <= r.agent_total
        ledger += payout(r.agent_total, ritenuta, base).net
        ledger += takeback(r.agent_total, part.agent, ritenuta, base).net
        never += signed_payout(r.agent_total - part.agent, ritenuta, base).net
    assert ledger == never
