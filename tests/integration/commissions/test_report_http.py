"""The commissions report, an agent's lines, the exports and the PDF statement over HTTP:
the figures add up to the cent, each role sees its own tree only, and the files hold what
the screen shows."""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from sqlalchemy import func, select, update

from core.context import tenant_scope
from core.db import models as m
from core.money import euro_text as euro
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import TENANT, WIDE, call, euros, unpaid

pytestmark = pytest.mark.usefixtures("seeded")


async def _stored_totals(runtime: Runtime) -> tuple[Decimal, Decimal]:
    """(company commission, everyone's shares) over every instalment and the product lines'
    kept items (the demo has both lines' practices among them)."""
    totals = []
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            for row in (m.Instalment, m.LineCommission):
                shares = row.agent_total + row.parent_total + row.referrer_total
                stmt = select(func.sum(row.commission), func.sum(shares))
                totals.append((await session.execute(stmt)).one())
            lines = select(func.count(m.LineCommission.id.distinct()), m.LineCommission.line)
            kept = dict((line, n) for n, line in await session.execute(lines.group_by("line")))
    assert set(kept) == {"noleggio-auto", "prestiti"}, kept
    return (
        sum((euros(commission) for commission, _ in totals), Decimal(0)),
        sum((euros(shares) for _, shares in totals), Decimal(0)),
    )


async def test_the_admins_report_adds_up_to_the_cent(
    clients: ClientFactory, seeded: Runtime
) -> None:
    answer = await call(clients, seeded, "admin", "GET", f"/api/report?{WIDE}")
    assert answer.status_code == 200, answer.text
    report = answer.json()
    totals = report["totals"]
    commission, shares = await _stored_totals(seeded)
    assert euros(totals["commission"]) == commission
    assert euros(totals["gross"]) == shares
    assert euros(totals["gross"]) + euros(totals["platform"]) == commission
    assert euros(totals["net"]) + euros(totals["withholding"]) == euros(totals["gross"])
    assert euros(totals["collected"]) + euros(totals["pending"]) == euros(totals["gross"])
    for row in report["agents"]:
        assert euros(row["net"]) + euros(row["withholding"]) == euros(row["gross"])
        # withholding = gross × base % × rate %, to the cent (art. 25-bis DPR 600/1973)
        share = euros(row["basePercent"]) * euros(row["ritenuta"]) / 10000
        expected = (euros(row["gross"]) * share).quantize(Decimal("0.01"), "ROUND_HALF_UP")
        assert euros(row["withholding"]) == expected
    assert sum(euros(r["gross"]) for r in report["agents"]) == euros(totals["gross"])
    for chart in ("months", "companies", "products"):
        assert sum(euros(p["amount"]) for p in report[chart]) == euros(totals["gross"]), chart
    names = {r["name"] for r in report["agents"]}
    assert {"Mario Rossi", "Sara Bianchi", "Sergio Segnalatore"} <= names


async def test_each_role_sees_its_own_tree(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await user_ids(seeded, TENANT)
    seen = {}
    for who in ("agente", "subagente", "segnalatore", "responsabile"):
        answer = await call(clients, seeded, who, "GET", f"/api/report?{WIDE}")
        assert answer.status_code == 200, who
        seen[who] = answer.json()
    assert {r["_id"] for r in seen["agente"]["agents"]} == {ids["agente"], ids["subagente"]}
    assert {r["_id"] for r in seen["subagente"]["agents"]} == {ids["subagente"]}
    assert {r["_id"] for r in seen["segnalatore"]["agents"]} == {ids["segnalatore"]}
    for who in ("agente", "subagente", "segnalatore"):
        assert "platform" not in seen[who]["totals"], who
    assert "platform" in seen["responsabile"]["totals"]
    answer = await call(clients, seeded, "dipendente", "GET", f"/api/report?{WIDE}")
    assert answer.status_code == 403
    # an agent asking for another tree's agent gets nothing of it
    other = await call(clients, seeded, "subagente", "GET",
                       f"/api/report?{WIDE}&agentId={ids['agente']}")  # fmt: skip
    assert {r["_id"] for r in other.json()["agents"]} <= {ids["subagente"]}


async def test_a_collection_moves_the_report(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id, n, tree, _ = await unpaid(seeded, "agente")
    before = (await call(clients, seeded, "agente", "GET", f"/api/report?{WIDE}")).json()
    paid = await call(clients, seeded, "admin", "PUT", f"/api/polizze/{policy_id}/rate/{n}",
                      {"action": "paga"})  # fmt: skip
    assert paid.status_code == 200
    after = (await call(clients, seeded, "agente", "GET", f"/api/report?{WIDE}")).json()
    moved = euros(after["totals"]["collected"]) - euros(before["totals"]["collected"])
    assert moved == tree
    assert after["totals"]["gross"] == before["totals"]["gross"]


@pytest.mark.parametrize(
    "query", ["from=2026-13-01", "from=2026-05-01&to=2026-04-01", "from=1800-01-01",
              "from=2000-01-01&to=2020-01-01", "agentId=" + "x" * 40],
)  # fmt: skip
async def test_bad_ranges_are_refused(clients: ClientFactory, seeded: Runtime, query: str) -> None:
    answer = await call(clients, seeded, "admin", "GET", f"/api/report?{query}")
    assert answer.status_code == 400, answer.text


async def test_the_exports_hold_the_screens_figures(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:  # a name a spreadsheet would run
            await session.execute(
                update(m.User).where(m.User.id == ids["agente"]).values(name="=HYPERLINK(1)")
            )
            await session.commit()
    report = (await call(clients, seeded, "admin", "GET", f"/api/report?{WIDE}")).json()
    sheet = await call(clients, seeded, "admin", "GET", f"/api/report/export?{WIDE}")
    assert sheet.status_code == 200
    assert "attachment" in sheet.headers["content-disposition"]
    book = load_workbook(io.BytesIO(sheet.content))
    rows = list(book["Provvigioni"].iter_rows(values_only=True))
    assert rows[0][0] == "Collaboratore"
    by_name = {r[0]: r for r in rows[1:]}
    for agent in report["agents"]:
        assert Decimal(str(by_name[agent["name"]][3])) == euros(agent["gross"])
        assert Decimal(str(by_name[agent["name"]][7])) == euros(agent["net"])
    assert Decimal(str(by_name["Totale"][3])) == euros(report["totals"]["gross"])
    cell = next(c for c in book["Provvigioni"]["A"] if c.value == "=HYPERLINK(1)")
    assert cell.data_type == "s"  # text, not a formula
    as_csv = await call(clients, seeded, "admin", "GET", f"/api/report/export?format=csv&{WIDE}")
    text = as_csv.content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text), delimiter=";"))
    total = next(line for line in lines if line[0] == "Totale")
    assert euros(total[3].replace(",", ".")) == euros(report["totals"]["gross"])
    assert any(line[0] == "'=HYPERLINK(1)" for line in lines)
    denied = await call(clients, seeded, "dipendente", "GET", f"/api/report/export?{WIDE}")
    assert denied.status_code == 403


async def test_an_agents_lines_link_their_policies(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await user_ids(seeded, TENANT)
    answer = await call(clients, seeded, "agente", "GET",
                        f"/api/report/agenti/{ids['agente']}?{WIDE}")  # fmt: skip
    assert answer.status_code == 200, answer.text
    lines = answer.json()
    assert lines["lines"]
    assert all(line["link"] == {"name": "polizza", "params": {"id": line["policyId"]}}
               for line in lines["lines"] if line["policyId"])  # fmt: skip
    assert sum(euros(line["commission"]) for line in lines["lines"]) == euros(
        lines["totals"]["commission"]
    )
    report = (await call(clients, seeded, "admin", "GET",
                         f"/api/report?{WIDE}&agentId={ids['agente']}")).json()  # fmt: skip
    own = next(r for r in report["agents"] if r["_id"] == ids["agente"])
    assert euros(own["gross"]) == euros(lines["totals"]["commission"])


@pytest.mark.parametrize(
    ("who", "whose", "status"),
    [("agente", "subagente", 200), ("admin", "subagente", 200), ("responsabile", "agente", 200),
     ("subagente", "agente", 403), ("segnalatore", "agente", 403),
     ("dipendente", "agente", 403), ("admin", "dipendente", 404)],
)  # fmt: skip
async def test_who_reads_which_agents_lines(
    clients: ClientFactory, seeded: Runtime, who: str, whose: str, status: int
) -> None:
    ids = await user_ids(seeded, TENANT)
    answer = await call(clients, seeded, who, "GET", f"/api/report/agenti/{ids[whose]}?{WIDE}")
    assert answer.status_code == status, answer.text
    other = await call(clients, seeded, "admin", "GET",
                       f"/api/report/agenti/{ids['agente']}", tenant="rcadealer")  # fmt: skip
    assert other.status_code == 404


async def test_the_months_statement_reads_back_with_its_totals(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    ledger = (await call(clients, seeded, "agente", "GET", f"/api/saldo/{ids['agente']}")).json()
    answer = await call(clients, seeded, "agente", "GET",
                        f"/api/saldo/{ids['agente']}/estratto.pdf")  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.content)).pages)
    assert "Estratto conto provvigioni" in text
    assert "Mario Rossi" in text
    assert f"Saldo iniziale: {euro(euros(ledger['opening']))}" in text
    assert f"Saldo finale: {euro(euros(ledger['closing']))}" in text
    for who, status in (("subagente", 403), ("segnalatore", 403), ("admin", 200)):
        other = await call(clients, seeded, who, "GET",
                           f"/api/saldo/{ids['agente']}/estratto.pdf")  # fmt: skip
        assert other.status_code == status, who
    bad = await call(clients, seeded, "agente", "GET",
                     f"/api/saldo/{ids['agente']}/estratto.pdf?month=2026-13")  # fmt: skip
    assert bad.status_code == 400


async def test_a_policy_without_a_quote_still_counts(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """The outer join to the quote keeps a policy with none (written by hand or migrated)."""
    ids = await user_ids(seeded, TENANT)
    path = f"/api/report?{WIDE}"
    before = (await call(clients, seeded, "admin", "GET", path)).json()["totals"]["gross"]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            policy = m.Policy(agent_id=ids["agente"], number="SENZA-PREVENTIVO", company="Allianz",
                              frequency="ANN", premium=Decimal(100), commission=Decimal(8),
                              agent_total=Decimal("0.80"))  # fmt: skip
            policy.instalments.append(
                m.Instalment(
                    number=1,
                    cassa_date=date(2026, 6, 1),
                    total=Decimal(100),
                    commission=Decimal(8),
                    agent_total=Decimal("0.80"),
                )
            )
            session.add(policy)
            await session.commit()
    after = (await call(clients, seeded, "admin", "GET", path)).json()["totals"]["gross"]
    assert euros(after) - euros(before) == Decimal("0.80")
    lines = (await call(clients, seeded, "admin", "GET",
                        f"/api/report/agenti/{ids['agente']}?{WIDE}")).json()["lines"]  # fmt: skip
    assert "SENZA-PREVENTIVO" in {line["number"] for line in lines}
