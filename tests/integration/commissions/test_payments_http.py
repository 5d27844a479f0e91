"""Recording a payment over HTTP: a method from the tenant's list (by code or label, so
'Bonifico' and 'bonifico' are one), cash within the legal limits (Reg. IVASS 40/2018 art. 54
c. 7; art. 49 D.Lgs. 231/2007), never dated after today; each refusal changes nothing; the
cash sheet's XLSX holds typed cells."""

from __future__ import annotations

import io
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.commissions.helpers import TENANT, WIDE, call, unpaid

pytestmark = pytest.mark.usefixtures("seeded")


async def _instalments(runtime: Runtime, policy_id: str) -> list[m.Instalment]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Instalment).where(m.Instalment.policy_id == policy_id)
            return list((await session.execute(stmt.order_by(m.Instalment.number))).scalars())


async def _two_unpaid_in_one_year(runtime: Runtime) -> tuple[str, list[int]]:
    """A policy whose first two instalments are unpaid, 500,00 € and 300,00 €, due in its first
    policy year (the totals and the ramo set for the test: fire, a non-life policy other than
    motor liability, under the 750 € cap)."""
    policy_id, _, _, _ = await unpaid(runtime, "agente")
    with tenant_scope(TENANT):
        async with runtime.db.session() as session, session.begin():
            policy = await session.get(m.Policy, policy_id)
            assert policy is not None
            start = today_in_rome() - timedelta(days=30)
            policy.start_date, policy.frequency = start, "SEM"
            policy.ramo, policy.taxes = "incendio", []
            rows = sorted(policy.instalments, key=lambda r: r.number)[:2]
            if len(rows) < 2:
                rows.append(m.Instalment(tenant_id=policy.tenant_id, number=2))
                policy.instalments.append(rows[1])
            for row, total, days in zip(rows, ("500.00", "300.00"), (0, 20), strict=True):
                row.total, row.paid, row.paid_at, row.paid_method = (
                    Decimal(total),
                    False,
                    None,
                    None,
                )
                row.cassa_date, row.info = start + timedelta(days=days), {}
            numbers = [r.number for r in rows]
    return policy_id, numbers


async def _pay(
    clients: ClientFactory, runtime: Runtime, policy_id: str, n: int, **body: object
) -> Any:
    return await call(
        clients, runtime, "admin", "PUT", f"/api/polizze/{policy_id}/rate/{n}",
        {"action": "paga", **body},
    )  # fmt: skip


async def test_a_method_is_stored_as_its_code(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    answer = await _pay(clients, seeded, policy_id, n, method="Bonifico")
    assert answer.status_code == 200, answer.text
    row = next(r for r in await _instalments(seeded, policy_id) if r.number == n)
    assert row.paid_method == "bonifico"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"method": "baratto"}, "Metodo di pagamento non previsto: «baratto»"),
        ({"method": "bonifico", "date": "tomorrow"}, "Un incasso non può avere una data futura"),
    ],
)  # fmt: skip
async def test_an_unknown_method_or_a_future_day_changes_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, str], message: str
) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    if body.get("date") == "tomorrow":
        body = {**body, "date": (today_in_rome() + timedelta(days=1)).isoformat()}
    answer = await _pay(clients, seeded, policy_id, n, **body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["message"].startswith(message)
    row = next(r for r in await _instalments(seeded, policy_id) if r.number == n)
    assert (row.paid, row.paid_method) == (False, None)


async def test_a_method_the_tenant_dropped_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    saved = await call(clients, seeded, "admin", "PUT", "/api/settings",
                       {"metodiPagamento": ["bonifico", "pos"]})  # fmt: skip
    assert saved.status_code == 200, saved.text
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    answer = await _pay(clients, seeded, policy_id, n, method="contanti")
    assert answer.status_code == 400
    assert answer.json()["error"]["message"].endswith("Metodi accettati: Bonifico, POS")
    assert (await _pay(clients, seeded, policy_id, n, method="POS")).status_code == 200
    bad = await call(clients, seeded, "admin", "PUT", "/api/settings",
                     {"metodiPagamento": ["bonifico", "bitcoin"]})  # fmt: skip
    assert bad.status_code == 400
    assert "Metodo di pagamento sconosciuto: bitcoin" in bad.json()["error"]["message"]
    for who in ("agente", "responsabile", "dipendente"):
        refused = await call(clients, seeded, who, "PUT", "/api/settings",
                             {"metodiPagamento": ["contanti"]})  # fmt: skip
        assert refused.status_code == 403, who


async def test_cash_stops_at_750_euros_a_year_on_a_non_life_policy(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id, (first, second) = await _two_unpaid_in_one_year(seeded)
    assert (await _pay(clients, seeded, policy_id, first, method="contanti")).status_code == 200
    # 500,00 already in cash this policy year + 300,00 = 800,00 > 750,00
    over = await _pay(clients, seeded, policy_id, second, method="contanti")
    assert over.status_code == 400
    message = over.json()["error"]["message"]
    assert "750,00 €" in message
    assert "già incassati 500,00 €" in message
    assert "art. 54 c. 7" in message
    row = next(r for r in await _instalments(seeded, policy_id) if r.number == second)
    assert (row.paid, row.paid_method) == (False, None)
    # by card it goes through
    assert (await _pay(clients, seeded, policy_id, second, method="carta")).status_code == 200


async def test_the_cash_sheet_exports_typed_cells(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    yesterday = today_in_rome() - timedelta(days=1)
    paid = await _pay(clients, seeded, policy_id, n, method="Bonifico", date=yesterday.isoformat())
    assert paid.status_code == 200, paid.text
    answer = await call(clients, seeded, "admin", "GET", f"/api/cassa/export?{WIDE}")
    assert answer.status_code == 200
    sheet = load_workbook(io.BytesIO(answer.content))["Cassa"]
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["Cassa", "Polizza", "Rata"]
    rows = [row for row in sheet.iter_rows(min_row=2) if isinstance(row[0].value, datetime)]
    assert rows
    for row in rows:
        assert row[0].number_format == "dd/mm/yyyy"
        assert row[5].data_type == "n"  # a number, not a text
        assert row[5].number_format == "#,##0.00 [$€-410]"
    ours = [r for r in rows if r[8].value == "Bonifico" and isinstance(r[7].value, datetime)
            and r[7].value.date() == yesterday]  # fmt: skip
    assert ours
    assert ours[0][7].number_format == "dd/mm/yyyy"
    methods = {c.value for row in sheet.iter_rows(min_row=2) for c in row[8:9]}
    assert "bonifico" not in methods  # one method, one label
    totals = [row for row in sheet.iter_rows(min_row=2) if row[0].value == "Incassato · Bonifico"]
    assert totals
    assert totals[0][5].data_type == "n"


def test_today_is_the_rome_day() -> None:
    assert today_in_rome() >= date(2026, 1, 1)
