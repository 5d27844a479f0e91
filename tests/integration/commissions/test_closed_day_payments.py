"""A payment recorded on a day whose cash is closed stays on that day: paying it again on
another date (moving it) is refused like undoing it, and the stored payment is untouched."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.i18n import rome_day, today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.commissions.helpers import TENANT, call, unpaid

pytestmark = pytest.mark.usefixtures("seeded")


async def _instalment(runtime: Runtime, policy_id: str, n: int) -> m.Instalment:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            policy = await session.get(m.Policy, policy_id)
            assert policy is not None
            return next(r for r in policy.instalments if r.number == n)


def _pay(day: date) -> dict[str, str]:
    return {"action": "paga", "date": day.isoformat(), "method": "bonifico"}


async def test_a_payment_on_a_closed_day_is_not_moved_to_another_date(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    path = f"/api/polizze/{policy_id}/rate/{n}"
    closed_day = today_in_rome() - timedelta(days=2)
    paid = await call(clients, seeded, "admin", "PUT", path, _pay(closed_day))
    assert paid.status_code == 200, paid.text
    close = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure",
                       {"day": closed_day.isoformat()})  # fmt: skip
    assert close.status_code == 201, close.text

    for other in (closed_day - timedelta(days=1), closed_day + timedelta(days=1)):
        moved = await call(clients, seeded, "admin", "PUT", path, _pay(other))
        assert moved.status_code == 400, moved.text
        assert moved.json()["error"]["message"] == (
            f"La cassa del {closed_day:%d/%m/%Y} è chiusa: "
            "registra la correzione in un giorno aperto"
        )

    kept = await _instalment(seeded, policy_id, n)
    assert kept.paid is True
    assert kept.paid_at is not None
    assert rome_day(kept.paid_at) == closed_day


async def test_a_payment_on_an_open_day_may_be_moved(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """The refusal above is about the closed day, not about moving as such."""
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    path = f"/api/polizze/{policy_id}/rate/{n}"
    first, second = today_in_rome() - timedelta(days=3), today_in_rome() - timedelta(days=1)
    for day in (first, second):
        answer = await call(clients, seeded, "admin", "PUT", path, _pay(day))
        assert answer.status_code == 200, answer.text
    kept = await _instalment(seeded, policy_id, n)
    assert kept.paid_at is not None
    assert rome_day(kept.paid_at) == second
