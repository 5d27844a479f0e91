"""The worked example's rows, written straight into the database: a company's October 2026
with two regular instalments, a cancellation's refund, a single payment and the rows that
must stay out (another month, another company, unpaid, set aside)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime

FIRST, LAST = date(2026, 10, 1), date(2026, 10, 31)
D = Decimal


def at(year: int, month: int, day: int, hour: int = 12, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def _pr(surname: str) -> dict[str, Any]:
    return {"usrData": [{"_id": "Nome", "value": "Anna"}, {"_id": "Cognome", "value": surname}]}


def _rata(
    n: int, total: str, commission: str, paid_at: datetime | None, **info: Any
) -> m.Instalment:
    return m.Instalment(
        number=n, total=D(total), net=D(total), tax=D(0), commission=D(commission),
        paid=paid_at is not None, paid_at=paid_at, paid_method="bonifico" if paid_at else None,
        info=info, cassa_date=(paid_at or at(2026, 10, 15)).date(),
    )  # fmt: skip


async def seed_example(runtime: Runtime, tenant: str, company: str) -> dict[str, str]:
    """The example's policies of ``company`` in ``tenant``: number → policy id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            a = m.Policy(company=company, number="ES-001", frequency="MEN", pr=_pr("Bruni"),
                         start_date=date(2026, 9, 1), end_date=date(2027, 9, 1))  # fmt: skip
            a.instalments = [
                # 1 October 00:30 in Rome is 30 September 22:30 UTC: October's
                _rata(1, "122.00", "10.00", at(2026, 9, 30, 22, 30)),
                _rata(2, "122.00", "10.00", at(2026, 10, 20)),
                # 1 November 00:30 in Rome (31 October 23:30 UTC): November's
                _rata(3, "122.00", "10.00", at(2026, 10, 31, 23, 30)),
                _rata(4, "122.00", "10.00", None),  # not collected
            ]
            b = m.Policy(company=company, number="ES-002", frequency="SEM", pr=_pr("Conti"),
                         start_date=date(2026, 10, 1), end_date=date(2027, 10, 1))  # fmt: skip
            b.instalments = [
                _rata(1, "244.00", "20.00", at(2026, 10, 10)),
                _rata(2, "244.00", "20.00", None, SOSP=True, annullata="chg"),  # set aside
                # the cancellation's refund, paid back in October: a signed row
                _rata(3, "-80.00", "-8.00", at(2026, 10, 25), kind="rimborso", change="chg"),
            ]
            c = m.Policy(company=company, number="ES-003", frequency="UNICO", pr=_pr("Dini"),
                         premium=D("300.00"), commission=D("30.00"), paid=True,
                         paid_at=at(2026, 10, 12), start_date=date(2026, 10, 12),
                         end_date=date(2027, 10, 12))  # fmt: skip
            early = m.Policy(company=company, number="ES-004", frequency="ANN", pr=_pr("Esti"))
            # 30 September 21:30 UTC is 23:30 in Rome: September's
            early.instalments = [_rata(1, "500.00", "50.00", at(2026, 9, 30, 21, 30))]
            other = m.Policy(company=f"{company} Vita", number="ES-001", frequency="ANN",
                             pr=_pr("Fo"))  # fmt: skip
            other.instalments = [_rata(1, "999.00", "99.00", at(2026, 10, 10))]
            session.add_all([a, b, c, early, other])
            await session.flush()
            return {p.number or "": p.id for p in (a, b, c, early)}
