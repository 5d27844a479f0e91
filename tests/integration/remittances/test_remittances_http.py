"""``/api/rimesse`` over HTTP: the worked example of a month with a cancellation, computed by
hand; issuing, paying (seen in the cash sheet, refused on a closed day), the statements; and
the refusals — other roles, another tenant, bad periods — which change nothing."""

from __future__ import annotations

import io
import secrets
from datetime import UTC, datetime
from typing import Any

import pytest
from openpyxl import load_workbook
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.commissions.helpers import TENANT, call, euros
from tests.integration.remittances.example import FIRST, LAST, seed_example

pytestmark = pytest.mark.usefixtures("seeded")
OCTOBER = f"from={FIRST}&to={LAST}"


def _company() -> str:
    return f"Compagnia {secrets.token_hex(3)}"


async def _issue(clients: ClientFactory, runtime: Runtime, company: str) -> dict[str, Any]:
    body = {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    answer = await call(clients, runtime, "admin", "POST", "/api/rimesse", body)
    assert answer.status_code == 201, answer.text
    issued: dict[str, Any] = answer.json()
    return issued


async def _count(runtime: Runtime, tenant: str = TENANT) -> int:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Remittance.id)))).scalar_one())


async def test_a_month_with_a_cancellation(clients: ClientFactory, seeded: Runtime) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    answer = await call(clients, seeded, "admin", "GET",
                        f"/api/rimesse/cifre?company={company}&{OCTOBER}")  # fmt: skip
    assert answer.status_code == 200, answer.text
    figures = answer.json()
    # Collected in October (Rome days), by hand:
    #   ES-001 rata 1 (1/10 00:30 Rome)  122.00 gross, 10.00 commission
    #   ES-001 rata 2                    122.00,       10.00
    #   ES-002 rata 1                    244.00,       20.00
    #   ES-002 refund (rimborso)         -80.00,       -8.00
    #   ES-003 single payment            300.00,       30.00
    # gross      122 + 122 + 244 - 80 + 300 = 708.00
    # commission  10 +  10 +  20 -  8 +  30 =  62.00
    # to remit   708 - 62                    = 646.00
    # Out: ES-001 rata 3 (1/11 in Rome), rata 4 (unpaid), ES-002 rata 2 (set aside, unpaid),
    # ES-004 (30/9 23:30 in Rome), the other company's 999.00.
    assert figures["totals"] == {"rows": 5, "gross": 708, "commission": 62, "amount": 646}
    listed = [(r["number"], r["instalment"], r["gross"], r["commission"], r["toRemit"])
              for r in figures["rows"]]  # fmt: skip
    assert listed == [
        ("ES-001", "1", 122, 10, 112), ("ES-002", "1", 244, 20, 224),
        ("ES-003", "Unico", 300, 30, 270), ("ES-001", "2", 122, 10, 112),
        ("ES-002", "3 · Rimborso", -80, -8, -72),
    ]  # fmt: skip
    assert company in figures["companies"]

    issued = await _issue(clients, seeded, company)
    assert (issued["gross"], issued["commission"], issued["amount"], issued["rows"]) == (
        708, 62, 646, 5,
    )  # fmt: skip
    assert issued["status"] == "da_pagare"
    listed_now = (await call(clients, seeded, "admin", "GET", "/api/rimesse")).json()
    assert issued["_id"] in {r["_id"] for r in listed_now}

    book = load_workbook(io.BytesIO((await call(
        clients, seeded, "admin", "GET", f"/api/rimesse/{issued['_id']}/xlsx"
    )).content))  # fmt: skip
    assert book.active is not None
    rows = list(book.active.iter_rows(values_only=True))
    assert rows[0][:7] == ("Polizza", "Cliente", "Rata", "Pagata il", "Lordo", "Provvigione",
                           "Da rimettere")  # fmt: skip
    assert [r[0] for r in rows[1:6]] == ["ES-001", "ES-002", "ES-003", "ES-001", "ES-002"]
    assert rows[2][1] == "Anna Conti"
    sums = {r[0]: r[6] for r in rows[6:] if r and r[0] and r[6] is not None}
    assert sums == {"Totale lordo incassato": 708, "Provvigioni trattenute": 62,
                    "Da rimettere": 646}  # fmt: skip
    pdf = await call(clients, seeded, "admin", "GET", f"/api/rimesse/{issued['_id']}/pdf")
    assert pdf.status_code == 200
    assert pdf.content.startswith(b"%PDF")
    assert pdf.headers["content-type"] == "application/pdf"


async def test_an_overlapping_period_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    await _issue(clients, seeded, company)
    before = await _count(seeded)
    body = {"company": company, "from": "2026-10-15", "to": "2026-11-10"}
    again = await call(clients, seeded, "admin", "POST", "/api/rimesse", body)
    assert again.status_code == 409
    assert again.json()["error"]["message"] == (
        f"Il periodo si sovrappone alla rimessa a {company} dal 01/10/2026 al 31/10/2026: "
        "un premio si rimette una volta sola"
    )
    empty = await call(clients, seeded, "admin", "POST", "/api/rimesse",
                       {"company": company, "from": "2020-01-01", "to": "2020-01-31"})  # fmt: skip
    assert empty.status_code == 400
    assert "non c'è nulla da rimettere" in empty.json()["error"]["message"]
    assert await _count(seeded) == before


async def test_the_payment_goes_to_the_cash_sheet(clients: ClientFactory, seeded: Runtime) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    issued = await _issue(clients, seeded, company)
    path = f"/api/rimesse/{issued['_id']}/pagamento"
    future = await call(clients, seeded, "admin", "POST", path,
                        {"paidOn": "2099-01-01", "method": "bonifico"})  # fmt: skip
    assert future.status_code == 400
    cash = await call(clients, seeded, "admin", "POST", path,
                      {"paidOn": "2026-11-05", "method": "contanti"})  # fmt: skip
    assert cash.status_code == 200, cash.text  # 646.00 in cash: under the 5.000 € limit
    assert cash.json()["status"] == "pagata"
    twice = await call(clients, seeded, "admin", "POST", path,
                       {"paidOn": "2026-11-06", "method": "bonifico"})  # fmt: skip
    assert twice.status_code == 409
    sheet = (await call(clients, seeded, "admin", "GET",
                        "/api/cassa?from=2026-11-01&to=2026-11-30")).json()  # fmt: skip
    mine = [r for r in sheet["remittances"] if r["_id"] == issued["_id"]]
    assert [(r["company"], r["amount"], r["paidOn"]) for r in mine] == [
        (company, 646, "2026-11-05")
    ]
    assert euros(sheet["remittancesTotal"]) >= euros(646)
    book = load_workbook(io.BytesIO((await call(
        clients, seeded, "admin", "GET", "/api/cassa/export?from=2026-11-01&to=2026-11-30"
    )).content))  # fmt: skip
    labels = {r[0]: r[5] for r in book["Cassa"].iter_rows(values_only=True) if r[0]}
    assert labels[f"Rimessa · {company}"] == -646


async def test_a_closed_day_takes_no_payment(clients: ClientFactory, seeded: Runtime) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    issued = await _issue(clients, seeded, company)
    closed = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure",
                        {"day": "2026-11-03"})  # fmt: skip
    assert closed.status_code in (201, 409)  # closed here or by another test of this run
    refused = await call(clients, seeded, "admin", "POST",
                         f"/api/rimesse/{issued['_id']}/pagamento",
                         {"paidOn": "2026-11-03", "method": "bonifico"})  # fmt: skip
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == (
        "La cassa del 03/11/2026 è chiusa: registra la correzione in un giorno aperto"
    )
    again = await call(clients, seeded, "admin", "GET", "/api/rimesse")
    assert {r["_id"]: r["status"] for r in again.json()}[issued["_id"]] == "da_pagare"


async def test_cash_beyond_the_legal_limit_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    company = _company()
    ids = await seed_example(seeded, TENANT, company)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            policy = await session.get(m.Policy, ids["ES-003"])
            assert policy is not None
            # the other rows remit 646 - (300 - 30) = 376.00; this one 6000 - 30 = 5970.00
            policy.premium = euros("6000.00")
    issued = await _issue(clients, seeded, company)
    assert issued["amount"] == 6346  # 376 + 5970
    refused = await call(clients, seeded, "admin", "POST",
                         f"/api/rimesse/{issued['_id']}/pagamento",
                         {"paidOn": "2026-11-05", "method": "contanti"})  # fmt: skip
    assert refused.status_code == 400
    assert "art. 49" in refused.json()["error"]["message"]


@pytest.mark.parametrize("who", ["agente", "subagente", "responsabile", "dipendente",
                                 "segnalatore"])  # fmt: skip
async def test_only_admins_handle_remittances(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    issued = await _issue(clients, seeded, company)
    before = await _count(seeded)
    rid = issued["_id"]
    for method, path, body in (
        ("GET", f"/api/rimesse/cifre?company={company}&{OCTOBER}", None),
        ("GET", "/api/rimesse", None),
        ("POST", "/api/rimesse", {"company": company, "from": "2026-09-01", "to": "2026-09-30"}),
        ("POST", f"/api/rimesse/{rid}/pagamento", {"paidOn": "2026-11-05", "method": "bonifico"}),
        ("GET", f"/api/rimesse/{rid}/pdf", None), ("GET", f"/api/rimesse/{rid}/xlsx", None),
        ("GET", f"/api/rimesse/{rid}/estratto", None),
        ("PATCH", "/api/rimesse/righe/x", {"note": "ok"}),
    ):  # fmt: skip
        answer = await call(clients, seeded, who, method, path, body)
        assert answer.status_code == 403, (who, path, answer.text)
        assert answer.json()["error"]["message"] == (
            "Solo gli amministratori gestiscono le rimesse alle compagnie"
        )
    assert await _count(seeded) == before


async def test_another_tenant_sees_nothing(clients: ClientFactory, seeded: Runtime) -> None:
    company = _company()
    await seed_example(seeded, TENANT, company)
    issued = await _issue(clients, seeded, company)
    rid = issued["_id"]
    other = "rcadealer"
    for method, path, body in (
        ("GET", f"/api/rimesse/{rid}/pdf", None), ("GET", f"/api/rimesse/{rid}/xlsx", None),
        ("GET", f"/api/rimesse/{rid}/estratto", None),
        ("POST", f"/api/rimesse/{rid}/pagamento", {"paidOn": "2026-11-05", "method": "bonifico"}),
    ):  # fmt: skip
        answer = await call(clients, seeded, "admin", method, path, body, tenant=other)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["error"]["message"] == "Rimessa non trovata"
    listed = await call(clients, seeded, "admin", "GET", "/api/rimesse", tenant=other)
    assert rid not in {r["_id"] for r in listed.json()}
    path = f"/api/rimesse/cifre?company={company}&{OCTOBER}"
    figures = await call(clients, seeded, "admin", "GET", path, tenant=other)
    assert figures.json()["totals"] == {"rows": 0, "gross": 0, "commission": 0, "amount": 0}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("from=2026-10-31&to=2026-10-01", "Periodo non valido"),
        ("from=2025-01-01&to=2026-01-02", "Periodo non valido"),
        ("from=1899-01-01&to=1899-01-31", "Periodo non valido"),
        ("from=2026-13-01", ""),
        ("from=ieri", ""),
    ],
)
async def test_bad_periods_are_refused(
    clients: ClientFactory, seeded: Runtime, query: str, message: str
) -> None:
    answer = await call(clients, seeded, "admin", "GET", f"/api/rimesse/cifre?company=X&{query}")
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"company": "", "from": "2026-10-01", "to": "2026-10-31"},
        {"company": "X", "from": "2026-10-31", "to": "2026-10-01"},
        {"company": "X" * 101, "from": "2026-10-01", "to": "2026-10-31"},
        {"company": "X", "from": "2099-10-01", "to": "2099-10-31"},
        {"company": "X", "from": "2026-10-01", "to": "2026-10-31", "extra": 1},
        {"company": ["X"], "from": 1, "to": None},
    ],
)
async def test_bad_issues_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any]
) -> None:
    before = await _count(seeded)
    answer = await call(clients, seeded, "admin", "POST", "/api/rimesse", body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["message"]
    assert await _count(seeded) == before


async def test_the_statement_tells_a_change_after_issue(
    clients: ClientFactory, seeded: Runtime
) -> None:
    company = _company()
    ids = await seed_example(seeded, TENANT, company)
    issued = await _issue(clients, seeded, company)
    with tenant_scope(TENANT):  # ES-001's fourth instalment paid later, dated in October
        async with seeded.db.session() as session:
            policy = await session.get(m.Policy, ids["ES-001"])
            assert policy is not None
            fourth = next(r for r in policy.instalments if r.number == 4)
            fourth.paid, fourth.paid_at = True, datetime(2026, 10, 28, 12, tzinfo=UTC)
    content = (await call(clients, seeded, "admin", "GET",
                          f"/api/rimesse/{issued['_id']}/xlsx")).content  # fmt: skip
    sheet = load_workbook(io.BytesIO(content)).active
    assert sheet is not None
    texts = [r[0] for r in sheet.iter_rows(values_only=True) if r and isinstance(r[0], str)]
    # frozen: 708.00 / 62.00 / 646.00; today one more 122.00 row with 10.00 commission:
    # 830.00 gross, 72.00 commissions, 758.00 to remit
    assert (
        "Gli incassi del periodo sono cambiati dopo l'emissione: oggi 830,00 € lordi, "
        "72,00 € di provvigioni, 758,00 € da rimettere"
    ) in texts
    sums = {r[0]: r[6] for r in sheet.iter_rows(values_only=True) if r and r[0] and r[6]}
    assert sums["Da rimettere"] == 646  # the remittance as issued
