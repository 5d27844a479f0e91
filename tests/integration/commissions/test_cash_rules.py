"""The cash sheet's rules on a small hand-built portfolio (no app, no demo data): which
payments a range lists and in what order, its totals per method and company, the day close
and the lock it puts on a day, and the export's rows. Every figure below is worked out by hand
from the rows made here."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import models as m
from core.domain.commissions.cash import (
    cash_rows,
    cash_sheet,
    close_day,
    day_figures,
    ensure_open,
)
from core.errors import ClientError, Conflict, Forbidden
from core.i18n import today_in_rome
from core.runtime import Runtime

TENANT = "assicurapp"
JANUARY = (date(2026, 1, 1), date(2026, 1, 31))


@dataclass(frozen=True)
class Office:
    session: AsyncSession
    admin: Principal
    agent: Principal
    policies: dict[str, str]


def _customer(nome: str, cognome: str) -> dict[str, Any]:
    return {"usrData": [{"_id": "Nome", "value": nome}, {"_id": "Cognome", "value": cognome},
                        {"_id": "Telefono", "value": "3331234567"}]}  # fmt: skip


def _rata(n: int, cassa: date, total: str, net: str, tax: str, **paid: Any) -> m.Instalment:
    return m.Instalment(number=n, cassa_date=cassa, total=Decimal(total), net=Decimal(net),
                        tax=Decimal(tax), **paid)  # fmt: skip


@pytest.fixture
async def office(runtime: Runtime) -> AsyncIterator[Office]:
    """Four policies of one agent, paid and unpaid, in and out of January 2026:

    * P-001 (Allianz, Anna Bianchi): 100,50 paid in cash on 10/01; 100,00 due 25/01,
      suspended; 99,00 due in July;
    * P-002 (no company): 250,00 due 20/01, paid by transfer at 23:30 UTC that day, which is
      00:30 on 21/01 in Rome;
    * P-003 (Allianz, single payment): 300,00 starting 15/01, paid by card that day;
    * P-004 (Generali, single payment): 999,00 starting 01/02, unpaid.
    """
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            admin = m.User(email="admin@prova.it", name="Ada", role={"admin": True})
            agent = m.User(email="agente@prova.it", name="Mario", role={"a": {}})
            session.add_all([admin, agent])
            await session.flush()
            p1 = m.Policy(number="P-001", company="Allianz", frequency="QUAD", agent_id=agent.id,
                          pr=_customer("Anna", "Bianchi"), instalments=[
                _rata(1, date(2026, 1, 10), "100.50", "80.00", "20.50", paid=True,
                      paid_at=datetime(2026, 1, 10, 9, tzinfo=UTC), paid_method="contanti"),
                _rata(2, date(2026, 1, 25), "100.00", "80.00", "20.00", info={"SOSP": True}),
                _rata(3, date(2026, 7, 10), "99.00", "79.00", "20.00"),
            ])  # fmt: skip
            p2 = m.Policy(number="P-002", company=None, frequency="ANN", agent_id=agent.id,
                          pr={"usrData": []}, instalments=[
                _rata(1, date(2026, 1, 20), "250.00", "200.00", "50.00", paid=True,
                      paid_at=datetime(2026, 1, 20, 23, 30, tzinfo=UTC), paid_method="bonifico"),
            ])  # fmt: skip
            p3 = m.Policy(number="P-003", company="Allianz", frequency="UNICO", agent_id=agent.id,
                          start_date=date(2026, 1, 15), premium=Decimal("300.00"),
                          net_premium=Decimal("250.00"), tax_total=Decimal("50.00"), paid=True,
                          paid_at=datetime(2026, 1, 15, 10, tzinfo=UTC), payment_method="carta",
                          pr=_customer("Luca", "Verdi"))  # fmt: skip
            p4 = m.Policy(number="P-004", company="Generali", frequency="UNICO",
                          agent_id=agent.id, start_date=date(2026, 2, 1),
                          premium=Decimal("999.00"), pr={})  # fmt: skip
            session.add_all([p1, p2, p3, p4])
            await session.flush()
            yield Office(
                session,
                Principal(admin.id, TENANT, {"admin": True}),
                Principal(agent.id, TENANT, {"a": {}}),
                {"P-001": p1.id, "P-002": p2.id, "P-003": p3.id, "P-004": p4.id},
            )


def _link(policy_id: str) -> dict[str, Any]:
    return {"name": "polizza", "params": {"id": policy_id}}


async def test_a_range_lists_its_payments_in_cassa_order_with_their_split(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, *JANUARY)
    ids = office.policies
    assert sheet["from"] == "2026-01-01"
    assert sheet["to"] == "2026-01-31"
    assert sheet["truncated"] is False
    assert sheet["closedDays"] == []
    assert sheet["rows"] == [
        {"policyId": ids["P-001"], "number": "P-001", "n": 1, "customer": "Anna Bianchi",
         "company": "Allianz", "cassa": "2026-01-10", "total": 100.5, "net": 80, "tax": 20.5,
         "paid": True, "paidAt": "2026-01-10T09:00:00+00:00", "method": "contanti",
         "methodLabel": "Contanti", "suspended": False, "link": _link(ids["P-001"])},
        {"policyId": ids["P-003"], "number": "P-003", "n": 0, "customer": "Luca Verdi",
         "company": "Allianz", "cassa": "2026-01-15", "total": 300, "net": 250, "tax": 50,
         "paid": True, "paidAt": "2026-01-15T10:00:00+00:00", "method": "carta",
         "methodLabel": "Carta", "suspended": False, "link": _link(ids["P-003"])},
        {"policyId": ids["P-002"], "number": "P-002", "n": 1, "customer": "",
         "company": None, "cassa": "2026-01-20", "total": 250, "net": 200, "tax": 50,
         "paid": True, "paidAt": "2026-01-20T23:30:00+00:00", "method": "bonifico",
         "methodLabel": "Bonifico", "suspended": False, "link": _link(ids["P-002"])},
        {"policyId": ids["P-001"], "number": "P-001", "n": 2, "customer": "Anna Bianchi",
         "company": "Allianz", "cassa": "2026-01-25", "total": 100, "net": 80, "tax": 20,
         "paid": False, "paidAt": None, "method": None, "methodLabel": None,
         "suspended": True, "link": _link(ids["P-001"])},
    ]  # fmt: skip


async def test_the_totals_cover_the_range_per_method_and_company(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, *JANUARY)
    # due 100,50 + 100,00 + 250,00 + 300,00; collected all but the suspended 100,00
    assert sheet["totals"] == {"due": 750.5, "collected": 650.5, "outstanding": 100}
    assert sheet["methods"] == [
        {"name": "bonifico", "label": "Bonifico", "collected": 250},
        {"name": "carta", "label": "Carta", "collected": 300},
        {"name": "contanti", "label": "Contanti", "collected": 100.5},
    ]
    assert sheet["companies"] == [
        {"name": "Allianz", "due": 500.5, "collected": 400.5},
        {"name": "—", "due": 250, "collected": 250},
    ]


async def test_the_range_bounds_are_both_included(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, date(2026, 1, 15), date(2026, 2, 1))
    assert [(r["number"], r["n"]) for r in sheet["rows"]] == [
        ("P-003", 0),
        ("P-002", 1),
        ("P-001", 2),
        ("P-004", 0),
    ]
    assert sheet["totals"] == {"due": 1649, "collected": 550, "outstanding": 1099}
    only = await cash_sheet(office.session, office.admin, date(2026, 1, 10), date(2026, 1, 10))
    assert [(r["number"], r["n"]) for r in only["rows"]] == [("P-001", 1)]
    assert only["totals"] == {"due": 100.5, "collected": 100.5, "outstanding": 0}


async def test_a_long_list_is_cut_but_the_totals_are_the_ranges(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, *JANUARY, limit=2)
    assert [(r["number"], r["n"]) for r in sheet["rows"]] == [("P-001", 1), ("P-003", 0)]
    assert sheet["truncated"] is True
    assert sheet["totals"]["due"] == 750.5
    exact = await cash_sheet(office.session, office.admin, *JANUARY, limit=4)
    assert len(exact["rows"]) == 4
    assert exact["truncated"] is False


async def test_only_admins_see_and_close_the_cash(office: Office) -> None:
    with pytest.raises(Forbidden, match=r"^Solo gli amministratori vedono e chiudono la cassa$"):
        await cash_sheet(office.session, office.agent, *JANUARY)
    with pytest.raises(Forbidden, match=r"^Solo gli amministratori vedono e chiudono la cassa$"):
        await close_day(office.session, office.agent, date(2026, 1, 10))


async def test_a_range_outside_the_bounds_is_refused(office: Office) -> None:
    with pytest.raises(ClientError, match=r"^L'intervallo va dal 01/01/1900"):
        await cash_sheet(office.session, office.admin, date(2026, 2, 1), date(2026, 1, 1))


async def test_a_day_collects_its_payments_by_the_day_in_rome(office: Office) -> None:
    session = office.session
    # paid at 23:30 UTC on the 20th: the 21st in Rome
    assert await day_figures(session, date(2026, 1, 21)) == {
        "collected": "250.00", "instalments": 1, "methods": {"bonifico": "250.00"},
        "companies": {"—": "250.00"},
    }  # fmt: skip
    assert await day_figures(session, date(2026, 1, 20)) == {
        "collected": "0",
        "instalments": 0,
        "methods": {},
        "companies": {},
    }
    assert await day_figures(session, date(2026, 1, 15)) == {
        "collected": "300.00", "instalments": 1, "methods": {"carta": "300.00"},
        "companies": {"Allianz": "300.00"},
    }  # fmt: skip


async def test_a_day_sums_every_payment_per_method_and_company(office: Office) -> None:
    session = office.session
    extra = m.Policy(number="P-005", company="Allianz", frequency="ANN",
                     agent_id=office.agent.id, instalments=[
        _rata(1, date(2026, 1, 3), "49.50", "40.00", "9.50", paid=True,
              paid_at=datetime(2026, 1, 10, 15, tzinfo=UTC), paid_method=None),
        _rata(2, date(2026, 1, 4), "10.00", "8.00", "2.00", paid=True,
              paid_at=datetime(2026, 1, 10, 16, tzinfo=UTC), paid_method="contanti"),
    ])  # fmt: skip
    session.add(extra)
    await session.flush()
    assert await day_figures(session, date(2026, 1, 10)) == {
        "collected": "160.00", "instalments": 3,
        "methods": {"contanti": "110.50", "—": "49.50"},
        "companies": {"Allianz": "160.00"},
    }  # fmt: skip
    sheet = await cash_sheet(session, office.admin, *JANUARY)
    assert {"name": "—", "label": "—", "collected": 49.5} in sheet["methods"]


async def test_closing_a_day_keeps_its_figures_and_locks_it(office: Office) -> None:
    session = office.session
    closed = await close_day(session, office.admin, date(2026, 1, 15))
    assert closed["day"] == "2026-01-15"
    assert closed["closedBy"] == office.admin.id
    assert closed["totals"] == {
        "collected": "300.00", "instalments": 1, "methods": {"carta": "300.00"},
        "companies": {"Allianz": "300.00"},
    }  # fmt: skip
    assert datetime.fromisoformat(closed["closedAt"]).date() == datetime.now(UTC).date()
    sheet = await cash_sheet(session, office.admin, *JANUARY)
    assert sheet["closedDays"] == [closed]
    with pytest.raises(Conflict, match=r"^La cassa del 15/01/2026 è già chiusa$"):
        await close_day(session, office.admin, date(2026, 1, 15))
    with pytest.raises(ClientError, match=r"^La cassa del 15/01/2026 è chiusa: registra"):
        await ensure_open(session, date(2026, 1, 16), date(2026, 1, 15))
    await ensure_open(session, date(2026, 1, 14), date(2026, 1, 16))  # open days pass


async def test_the_first_closed_day_is_named(office: Office) -> None:
    session = office.session
    await close_day(session, office.admin, date(2026, 1, 20))
    await close_day(session, office.admin, date(2026, 1, 10))
    with pytest.raises(ClientError, match=r"^La cassa del 10/01/2026 è chiusa"):
        await ensure_open(session, date(2026, 1, 20), date(2026, 1, 10))


async def test_today_closes_and_tomorrow_does_not(office: Office) -> None:
    today = today_in_rome()
    with pytest.raises(ClientError, match=r"^Non si chiude una giornata futura$"):
        await close_day(office.session, office.admin, today + timedelta(days=1))
    closed = await close_day(office.session, office.admin, today)
    assert closed["day"] == today.isoformat()


async def test_the_export_holds_typed_cells_then_the_totals(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, *JANUARY, limit=3)
    assert cash_rows(sheet) == [
        [date(2026, 1, 10), "P-001", 1, "Anna Bianchi", "Allianz", Decimal("100.5"), "sì",
         date(2026, 1, 10), "Contanti", Decimal("80"), Decimal("20.5")],
        [date(2026, 1, 15), "P-003", 0, "Luca Verdi", "Allianz", Decimal("300"), "sì",
         date(2026, 1, 15), "Carta", Decimal("250"), Decimal("50")],
        # paid at 23:30 UTC: the 21st in Rome
        [date(2026, 1, 20), "P-002", 1, "", None, Decimal("250"), "sì",
         date(2026, 1, 21), "Bonifico", Decimal("200"), Decimal("50")],
        ["Elenco troncato alle prime 3 righe: restringi il periodo. Totali dell'intero periodo:"],
        ["Dovuto", None, None, None, None, Decimal("750.5")],
        ["Incassato", None, None, None, None, Decimal("650.5")],
        ["Da incassare", None, None, None, None, Decimal("100")],
        ["Incassato · Bonifico", None, None, None, None, Decimal("250")],
        ["Incassato · Carta", None, None, None, None, Decimal("300")],
        ["Incassato · Contanti", None, None, None, None, Decimal("100.5")],
    ]  # fmt: skip


async def test_the_export_tells_unpaid_from_suspended(office: Office) -> None:
    sheet = await cash_sheet(office.session, office.admin, date(2026, 1, 25), date(2026, 2, 1))
    rows = cash_rows(sheet)
    assert rows[0][:9] == [date(2026, 1, 25), "P-001", 2, "Anna Bianchi", "Allianz",
                           Decimal("100"), "sospesa", None, None]  # fmt: skip
    assert rows[1][:9] == [date(2026, 2, 1), "P-004", 0, "", "Generali", Decimal("999"), "no",
                           None, None]  # fmt: skip
    assert rows[2] == ["Dovuto", None, None, None, None, Decimal("1099")]


def test_a_thousand_rows_are_counted_with_a_dot() -> None:
    sheet = {"rows": [], "truncated": True, "methods": [],
             "totals": {"due": 0, "collected": 0, "outstanding": 0}}  # fmt: skip
    sheet["rows"] = [
        {"cassa": None, "number": None, "n": 1, "customer": "", "company": None, "total": 1,
         "paid": False, "suspended": False, "paidAt": None, "method": None, "net": 1, "tax": 0}
    ] * 5000  # fmt: skip
    rows = cash_rows(sheet)
    assert rows[0][0] is None
    assert rows[5000] == [
        "Elenco troncato alle prime 5.000 righe: restringi il periodo. Totali dell'intero periodo:"
    ]


async def test_a_day_runs_from_midnight_to_midnight_in_rome(office: Office) -> None:
    session = office.session
    # 1 February in Rome runs from 23:00 UTC on 31 January to 23:00 UTC on 1 February
    session.add(m.Policy(number="P-006", company="Allianz", frequency="ANN",
                         agent_id=office.agent.id, instalments=[
        _rata(1, date(2026, 2, 1), "11.00", "10.00", "1.00", paid=True,
              paid_at=datetime(2026, 1, 31, 23, tzinfo=UTC), paid_method="carta"),
        _rata(2, date(2026, 2, 1), "22.00", "20.00", "2.00", paid=True,
              paid_at=datetime(2026, 2, 1, 23, tzinfo=UTC), paid_method="carta"),
        # undone: no longer paid, whatever the day it once had
        _rata(3, date(2026, 2, 1), "44.00", "40.00", "4.00", paid=False,
              paid_at=datetime(2026, 2, 1, 12, tzinfo=UTC), paid_method="carta"),
    ]))  # fmt: skip
    session.add(m.Policy(number="P-007", company="Allianz", frequency="UNICO",
                         agent_id=office.agent.id, premium=Decimal("88.00"), paid=False,
                         paid_at=datetime(2026, 2, 1, 12, tzinfo=UTC)))  # fmt: skip
    await session.flush()
    figures = await day_figures(session, date(2026, 2, 1))
    assert (figures["collected"], figures["instalments"]) == ("11.00", 1)
    figures = await day_figures(session, date(2026, 2, 2))
    assert (figures["collected"], figures["instalments"]) == ("22.00", 1)


async def test_a_policy_paid_by_its_instalments_is_not_counted_again(office: Office) -> None:
    session = office.session
    # every instalment of P-008 paid: the policy is paid too, yet its premium is the instalments'
    session.add(m.Policy(number="P-008", company="Allianz", frequency="SEM",
                         agent_id=office.agent.id, premium=Decimal("60.00"), paid=True,
                         paid_at=datetime(2026, 3, 2, 9, tzinfo=UTC), instalments=[
        _rata(1, date(2026, 3, 2), "30.00", "25.00", "5.00", paid=True,
              paid_at=datetime(2026, 3, 2, 9, tzinfo=UTC), paid_method="carta"),
    ]))  # fmt: skip
    await session.flush()
    figures = await day_figures(session, date(2026, 3, 2))
    assert (figures["collected"], figures["instalments"]) == ("30.00", 1)
