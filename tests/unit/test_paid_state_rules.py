"""A policy with instalments is paid once every instalment is, dated on the last payment."""

from __future__ import annotations

from datetime import UTC, datetime

from core.db import models as m
from core.domain.policies.paid_state import follow_instalments

MARCH = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
APRIL = datetime(2026, 4, 15, 16, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 1, 8, 0, tzinfo=UTC)


def _policy(*paid_at: datetime | None, paid: bool = False, at: datetime | None = None) -> m.Policy:
    instalments = [
        m.Instalment(number=n, paid=when is not None, paid_at=when)
        for n, when in enumerate(paid_at, start=1)
    ]
    return m.Policy(paid=paid, paid_at=at, instalments=instalments)


def test_every_instalment_paid_makes_the_policy_paid_on_the_last_payment() -> None:
    policy = _policy(APRIL, MARCH, MAY)
    follow_instalments(policy)
    assert policy.paid is True
    assert policy.paid_at == MAY


def test_one_unpaid_instalment_leaves_the_policy_unpaid_and_undated() -> None:
    policy = _policy(MARCH, None, paid=True, at=MARCH)
    follow_instalments(policy)
    assert policy.paid is False
    assert policy.paid_at is None


def test_a_paid_instalment_without_a_day_gives_no_day() -> None:
    policy = m.Policy(paid=False, instalments=[m.Instalment(number=1, paid=True, paid_at=None)])
    follow_instalments(policy)
    assert policy.paid is True
    assert policy.paid_at is None


def test_a_single_payment_policy_keeps_its_own_state() -> None:
    policy = _policy(paid=True, at=APRIL)
    follow_instalments(policy)
    assert policy.paid is True
    assert policy.paid_at == APRIL


def _receipt(kind: str, total: str, when: datetime | None, **info: object) -> m.Instalment:
    from decimal import Decimal

    return m.Instalment(number=9, total=Decimal(total), paid=when is not None, paid_at=when,
                        info={"kind": kind, **info})  # fmt: skip


def test_an_endorsements_receipt_is_owed_a_refund_and_a_set_aside_row_are_not() -> None:
    owing = _policy(MARCH, APRIL)
    owing.instalments.append(_receipt("appendice", "123.00", None))
    follow_instalments(owing)
    assert owing.paid is False  # the endorsement's 123.00 is still to collect
    settled = _policy(MARCH, APRIL)
    settled.instalments += [
        _receipt("appendice", "-50.00", None),
        _receipt("rimborso", "-10.00", MAY),
    ]
    follow_instalments(settled)
    assert (settled.paid, settled.paid_at) == (True, APRIL)  # money back is owed by no customer
    cancelled = _policy(MARCH, None)
    cancelled.instalments[1].info = {"SOSP": True, "annullata": "c1"}
    follow_instalments(cancelled)
    assert (cancelled.paid, cancelled.paid_at) == (True, MARCH)


def test_a_single_payment_keeps_its_own_state_beside_its_changes_receipts() -> None:
    policy = m.Policy(paid=False, paid_at=None, instalments=[_receipt("appendice", "80.00", MAY)])
    follow_instalments(policy)
    assert (policy.paid, policy.paid_at) == (False, None)
