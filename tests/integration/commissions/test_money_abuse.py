"""The money area against hostile and crowded use: exports that hold any stored text, an
agent's lines within their own tree, cash days that a payment and a close never share,
single payments in the day close, bounded exports and ledgers that say when they are cut."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import TENANT, WIDE, call

pytestmark = pytest.mark.usefixtures("seeded")


async def test_a_control_character_in_a_customer_name_still_exports(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """A vertical tab pasted in a customer's name (text fields keep inner characters) reaches
    the policy; the cash sheet's XLSX drops what XLSX cannot hold and still exports."""
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            policy = (await session.execute(
                select(m.Policy).join(m.Instalment).order_by(m.Policy.id).limit(1)
            )).scalars().first()  # fmt: skip
            assert policy is not None
            pr = dict(policy.pr or {})
            pr["usrData"] = [{"_id": "Nome", "value": "Mario\x0bRossi"},
                             {"_id": "Cognome", "value": ""}]  # fmt: skip
            policy.pr = pr
            await session.commit()
    sheet = await call(clients, seeded, "admin", "GET", f"/api/cassa?{WIDE}")
    assert sheet.status_code == 200
    answer = await call(clients, seeded, "admin", "GET", f"/api/cassa/export?{WIDE}")
    assert answer.status_code == 200, answer.text


async def test_a_control_character_in_a_product_name_still_exports(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """The same with a product's name in the report's XLSX."""
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            product_id = (await session.execute(
                select(m.Policy.product_id).where(m.Policy.product_id.is_not(None)).limit(1)
            )).scalar_one()  # fmt: skip
            product = await session.get(m.Product, product_id)
            assert product is not None
            product.name = "RCA\x1bAuto"
            await session.commit()
    report = await call(clients, seeded, "agente", "GET", f"/api/report?{WIDE}")
    assert report.status_code == 200
    answer = await call(clients, seeded, "agente", "GET", f"/api/report/export?{WIDE}")
    assert answer.status_code == 200, answer.text


async def test_a_parent_does_not_see_a_sub_agents_lines_from_another_tree(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """Sub-agent Sara wrote a policy under another top agent (Bruno) before moving under
    Mario: Mario cannot open it, and her commission lines he reads leave it out too."""
    ids = await user_ids(seeded, TENANT)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            other = m.User(email="bruno@altro.it", name="Bruno Altro",
                           role={"a": {"type": "agente"}})  # fmt: skip
            session.add(other)
            await session.flush()
            policy = m.Policy(
                agent_id=ids["subagente"], parent_agent_id=other.id, number="ALTRO-ALBERO-1",
                company="Generali", frequency="ANN", start_date=date(2026, 6, 1),
                premium=Decimal(1000), commission=Decimal(80), agent_total=Decimal(8),
                parent_total=Decimal(4), rates={"company": "8", "agent": "10", "parent": "15"},
            )  # fmt: skip
            policy.instalments.append(m.Instalment(
                number=1, cassa_date=date(2026, 6, 1), total=Decimal(1000),
                commission=Decimal(80), agent_total=Decimal(8), parent_total=Decimal(4),
            ))  # fmt: skip
            session.add(policy)
            await session.commit()
            policy_id = policy.id
    direct = await call(clients, seeded, "agente", "GET", f"/api/polizze/{policy_id}")
    assert direct.status_code == 404  # not Mario's tree
    report = (await call(clients, seeded, "agente", "GET", f"/api/report?{WIDE}")).json()
    lines = await call(clients, seeded, "agente", "GET",
                       f"/api/report/agenti/{ids['subagente']}?{WIDE}")  # fmt: skip
    assert lines.status_code == 200
    leaked = [x for x in lines.json()["lines"] if x["policyId"] == policy_id]
    sara = next(r for r in report["agents"] if r["_id"] == ids["subagente"])
    assert leaked == [], (leaked, "report shows Sara gross", sara["gross"])


async def test_deleting_agents_over_http_keeps_the_summary_equal_to_the_rows(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """Deleting agents over HTTP detaches their policies; the summary follows."""
    from tests.integration.commissions.test_summary import kept_and_rebuilt

    ids = await user_ids(seeded, TENANT)
    gone = await call(clients, seeded, "admin", "DELETE", f"/api/users/{ids['subagente']}")
    assert gone.status_code == 200, gone.text
    gone = await call(clients, seeded, "admin", "DELETE", f"/api/users/{ids['agente']}")
    assert gone.status_code == 200, gone.text
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt


async def test_a_close_waits_for_a_payment_of_its_day_in_flight(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two admins at once on PostgreSQL: one collects an instalment, the other closes the
    day meanwhile. The close waits for the payment's commit and counts it.

    The payment stays open until the close is seen waiting for the day's lock (or, were
    there no lock, reading the day's figures): ordered by what the database reports, not
    by a pause."""
    import asyncio

    from sqlalchemy import text

    from core.auth.principal import Principal
    from core.domain.commissions import cash
    from core.domain.commissions.cash import close_day, day_figures
    from core.domain.policies.payments import update_instalment
    from core.i18n import today_in_rome
    from tests.integration.commissions.helpers import unpaid

    if seeded.db.dialect != "postgresql":
        pytest.skip("SQLite's writers already run one at a time")
    ids = await user_ids(seeded, TENANT)
    admin = Principal(id=ids["admin"], tenant_id=TENANT, roles={"admin": True})
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    today = today_in_rome()
    paying, figuring = asyncio.Event(), asyncio.Event()

    async def figures_seen(session: Any, day: date) -> dict[str, Any]:
        figuring.set()
        return await day_figures(session, day)

    monkeypatch.setattr(cash, "day_figures", figures_seen)

    async def close_is_waiting() -> bool:
        async with seeded.db.engine.connect() as conn:
            stmt = text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
            return bool((await conn.execute(stmt)).scalar())

    async def pay() -> None:
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                body = {"policyId": policy_id, "n": n, "action": "paga"}
                await update_instalment(session, admin, body)
                paying.set()
                for _ in range(1000):  # the close arrives while the payment is open
                    if figuring.is_set() or await close_is_waiting():
                        break
                    await asyncio.sleep(0.01)  # polled, the order being the database's
                else:
                    pytest.fail("the close never reached the day's lock")

    async def close() -> dict[str, Any]:
        await paying.wait()
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                return await close_day(session, admin, today)

    _, closed = await asyncio.gather(pay(), close())
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            now = await day_figures(session, today)
    assert closed["totals"] == now
    assert closed["totals"]["instalments"] >= 1


async def test_a_cut_cash_export_says_so_and_keeps_the_whole_totals(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past its cap an export says it was cut, and its totals are the whole range's (the
    caps are lowered here to keep the test small)."""
    import io

    from openpyxl import load_workbook

    from core.domain.commissions import cash

    full = (await call(clients, seeded, "admin", "GET", f"/api/cassa?{WIDE}")).json()
    monkeypatch.setattr(cash, "MAX_ROWS", 3)
    monkeypatch.setattr(cash, "EXPORT_ROWS", 3)
    short = (await call(clients, seeded, "admin", "GET", f"/api/cassa?{WIDE}")).json()
    assert short["truncated"] is True
    assert len(short["rows"]) == 3
    assert short["totals"] == full["totals"]
    answer = await call(clients, seeded, "admin", "GET", f"/api/cassa/export?{WIDE}")
    book = load_workbook(io.BytesIO(answer.content))
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert any(isinstance(r[0], str) and r[0].startswith("Elenco troncato") for r in rows)
    totals = {r[0]: r[5] for r in rows if r[0] in ("Dovuto", "Incassato", "Da incassare")}
    assert totals["Dovuto"] == pytest.approx(full["totals"]["due"])
    assert totals["Incassato"] == pytest.approx(full["totals"]["collected"])


async def test_a_ledger_lists_at_most_5000_entries_and_sums_them_all(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """A ledger over ten years with 6,000 entries lists the first 5,000, says so, and its
    credits and closing balance still count every entry."""
    from datetime import UTC, datetime, timedelta

    ids = await user_ids(seeded, TENANT)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            start = datetime(2020, 1, 2, tzinfo=UTC)
            session.add_all([
                m.BalanceEntry(user_id=ids["agente"], at=start + timedelta(minutes=i),
                               kind="rettifica", amount=Decimal("0.01"), gross=Decimal("0.01"),
                               description="x", posting_key=f"manuale:bulk{i:06d}")
                for i in range(6000)
            ])  # fmt: skip
    answer = await call(clients, seeded, "admin", "GET",
                        f"/api/saldo/{ids['agente']}?from=2020-01-01&to=2029-12-31")  # fmt: skip
    assert answer.status_code == 200
    body = answer.json()
    assert len(body["entries"]) == 5000
    assert body["truncated"] is True
    assert Decimal(str(body["closing"])) == (
        Decimal(str(body["opening"])) + Decimal(str(body["credits"]))
        + Decimal(str(body["debits"]))
    )  # fmt: skip
    assert Decimal(str(body["credits"])) >= Decimal("60.00")


async def test_a_single_payment_collected_today_is_in_the_days_close(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """A single payment (UNICO) collected today is counted by today's close, which then
    locks it."""
    from core.i18n import today_in_rome

    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            policy = (await session.execute(select(m.Policy).where(
                m.Policy.frequency == "UNICO", m.Policy.paid.is_(False)
            ).limit(1))).scalars().first()  # fmt: skip
            if policy is None:  # the demo has none unpaid: write one
                policy = m.Policy(number="UNICO-1", company="Allianz", frequency="UNICO",
                                  start_date=date(2026, 6, 1), premium=Decimal(500),
                                  payment_method="bonifico")  # fmt: skip
                session.add(policy)
                await session.flush()
            policy_id, premium = policy.id, policy.premium
    paid = await call(clients, seeded, "admin", "PUT", f"/api/polizze/{policy_id}/rate/0",
                      {"action": "paga"})  # fmt: skip
    assert paid.status_code == 200, paid.text
    closed = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure",
                        {"day": today_in_rome().isoformat()})  # fmt: skip
    assert closed.status_code == 201
    undo = await call(clients, seeded, "admin", "PUT", f"/api/polizze/{policy_id}/rate/0",
                      {"action": "annulla"})  # fmt: skip
    assert undo.status_code == 400  # the close locks it...
    assert Decimal(closed.json()["totals"]["collected"]) >= premium  # ...but did not count it
