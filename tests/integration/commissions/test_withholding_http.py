"""Withholding on its legal base over HTTP: an admin keeps each collaborator's tax profile
(base, rate, CF or VAT number, IBAN), nobody else changes it, bad input changes nothing;
the ledger withholds on the base (and a reversal undoes exactly what was posted), the
statement PDF names base and rate, and the admin sees every collaborator's balance."""

from __future__ import annotations

import io
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import TENANT, call, entries, unpaid

pytestmark = pytest.mark.usefixtures("seeded")

CF = "RSSMRA80A01H501U"
VAT = "12345678903"
IBAN = "IT60 X054 2811 1010 0000 0123 456"
PROFILE = {"base": "20", "rate": 23, "taxCode": CF, "iban": IBAN}


async def _user(runtime: Runtime, key: str) -> m.User:
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            user = await session.get(m.User, ids[key])
            assert user is not None
            return user


async def test_an_admin_sets_a_profile_and_the_collaborator_reads_it(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    path = f"/api/profilo-fiscale/{ids['agente']}"
    saved = await call(clients, seeded, "admin", "PUT", path, PROFILE)
    assert saved.status_code == 200, saved.text
    body = saved.json()
    assert body["base"] == "20"
    assert body["basePercent"] == 20
    assert body["iban"] == "IT60X0542811101000000123456"  # stored without spaces
    assert body["description"] == "Ritenuta d'acconto 23 % sul 20 % delle provvigioni"
    own = await call(clients, seeded, "agente", "GET", path)
    assert own.status_code == 200
    assert own.json()["taxCode"] == CF
    user = await _user(seeded, "agente")
    assert (user.withholding_base, user.ritenuta, user.tax_code) == ("20", Decimal(23), CF)


@pytest.mark.parametrize(
    ("who", "whose", "method", "status"),
    [
        ("agente", "agente", "PUT", 403), ("subagente", "subagente", "PUT", 403),
        ("segnalatore", "segnalatore", "PUT", 403), ("responsabile", "agente", "PUT", 403),
        ("dipendente", "agente", "PUT", 403), ("agente", "subagente", "GET", 403),
        ("subagente", "agente", "GET", 403), ("responsabile", "agente", "GET", 403),
        ("dipendente", "agente", "GET", 403), ("segnalatore", "agente", "GET", 403),
        ("subagente", "subagente", "GET", 200), ("admin", "responsabile", "PUT", 400),
        ("admin", "dipendente", "GET", 400),
    ],
)  # fmt: skip
async def test_who_reads_and_changes_which_profile(
    clients: ClientFactory, seeded: Runtime, who: str, whose: str, method: str, status: int
) -> None:
    before = await _user(seeded, whose)
    ids = await user_ids(seeded, TENANT)
    answer = await call(
        clients, seeded, who, method, f"/api/profilo-fiscale/{ids[whose]}",
        PROFILE if method == "PUT" else None,
    )  # fmt: skip
    assert answer.status_code == status, answer.text
    after = await _user(seeded, whose)
    assert (after.withholding_base, after.iban) == (before.withholding_base, before.iban)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"iban": "IT60 X054 2811 1010 0000 0123 457"}, "IBAN non valido"),
        ({"iban": "IT60X05428111010000001234"}, "IBAN non valido"),  # 25 characters
        ({"taxCode": "RSSMRA80A01H501X"}, "Codice fiscale non valido"),
        ({"taxCode": None, "vatNumber": "12345678901"}, "Partita IVA non valida"),
        ({"taxCode": None}, "Indica il codice fiscale o la partita IVA"),
        ({"base": "nessuna"}, "Il regime forfettario richiede la partita IVA"),
        ({"base": "30"}, "Profilo fiscale non valido"),
        ({"rate": 101}, "Profilo fiscale non valido"),
        ({"rate": "23"}, "Profilo fiscale non valido"),
        ({"extra": 1}, "Profilo fiscale non valido"),
    ],
)  # fmt: skip
async def test_a_bad_profile_is_refused_and_changes_nothing(
    clients: ClientFactory, seeded: Runtime, change: dict[str, Any], message: str
) -> None:
    ids = await user_ids(seeded, TENANT)
    before = await _user(seeded, "agente")
    answer = await call(
        clients, seeded, "admin", "PUT", f"/api/profilo-fiscale/{ids['agente']}",
        {**PROFILE, **change},
    )  # fmt: skip
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]
    after = await _user(seeded, "agente")
    assert (after.withholding_base, after.tax_code, after.iban) == (
        before.withholding_base, before.tax_code, before.iban,
    )  # fmt: skip


async def test_another_tenants_collaborator_is_not_found(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    path = f"/api/profilo-fiscale/{ids['agente']}"
    answer = await call(clients, seeded, "admin", "PUT", path, PROFILE, tenant="rcadealer")
    assert answer.status_code == 404


async def test_the_ledger_withholds_on_the_base_and_a_reversal_undoes_the_posting(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    profile = f"/api/profilo-fiscale/{ids['agente']}"
    policy_id, n, tree, _ = await unpaid(seeded, "agente")
    path = f"/api/polizze/{policy_id}/rate/{n}"
    assert (await call(clients, seeded, "admin", "PUT", profile, PROFILE)).status_code == 200
    assert (
        await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
    ).status_code == 200
    credit = (await entries(seeded, "agente"))[-1]
    # 23 % on 20 %: gross × 0.20 × 0.23 = gross × 0.046
    withheld = (tree * Decimal("0.046")).quantize(Decimal("0.01"), "ROUND_HALF_UP")
    assert (credit.gross, credit.withholding, credit.amount) == (tree, withheld, tree - withheld)
    # the base changes after the posting: the reversal undoes what was posted, not a new sum
    flat = {**PROFILE, "base": "nessuna", "vatNumber": VAT}
    assert (await call(clients, seeded, "admin", "PUT", profile, flat)).status_code == 200
    undone = await call(clients, seeded, "admin", "PUT", path, {"action": "annulla"})
    assert undone.status_code == 200
    reversal = (await entries(seeded, "agente"))[-1]
    assert (reversal.kind, reversal.gross, reversal.withholding, reversal.amount) == (
        "storno", -credit.gross, -credit.withholding, -credit.amount,
    )  # fmt: skip
    # collected again in the flat-rate regime: nothing withheld
    assert (
        await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
    ).status_code == 200
    again = (await entries(seeded, "agente"))[-1]
    assert (again.kind, again.withholding, again.amount) == ("provvigione", Decimal(0), tree)


async def test_the_statement_names_the_base_and_the_rate(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    profile = f"/api/profilo-fiscale/{ids['agente']}"
    assert (await call(clients, seeded, "admin", "PUT", profile, PROFILE)).status_code == 200
    answer = await call(
        clients, seeded, "agente", "GET", f"/api/saldo/{ids['agente']}/estratto.pdf"
    )
    assert answer.status_code == 200
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    assert "Ritenuta d'acconto 23 % sul 20 % delle provvigioni" in text
    assert f"Codice fiscale: {CF}" in text
    assert "IBAN: IT60X0542811101000000123456" in text
    assert "23.00%" not in text
    ledger = await call(clients, seeded, "agente", "GET", f"/api/saldo/{ids['agente']}")
    assert ledger.json()["user"]["withholding"] == (
        "Ritenuta d'acconto 23 % sul 20 % delle provvigioni"
    )


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("agente", 403), ("subagente", 403), ("segnalatore", 403),
     ("responsabile", 403), ("dipendente", 403)],
)  # fmt: skip
async def test_only_admins_see_every_balance(
    clients: ClientFactory, seeded: Runtime, who: str, status: int
) -> None:
    answer = await call(clients, seeded, who, "GET", "/api/saldo")
    assert answer.status_code == status, answer.text
    if status != 200:
        return
    ids = await user_ids(seeded, TENANT)
    rows = {row["_id"]: row for row in answer.json()["collaborators"]}
    # agents without a parent and referrers hold a balance; a sub-agent's goes to its parent
    assert {ids["agente"], ids["segnalatore"]} <= set(rows)
    assert ids["subagente"] not in rows
    assert ids["admin"] not in rows
    agent = await entries(seeded, "agente")
    assert Decimal(str(rows[ids["agente"]]["balance"])) == sum(
        (e.amount for e in agent), Decimal(0)
    )
    assert rows[ids["agente"]]["link"] == {
        "name": "saldo-collaboratore", "params": {"id": ids["agente"]},
    }  # fmt: skip
    if agent:
        last = max(e.at for e in agent)
        assert rows[ids["agente"]]["lastMovement"][:19] == last.isoformat()[:19]


async def test_collaborators_see_no_company_commission(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    wide = "from=2020-01-01&to=2029-12-31"
    for who in ("agente", "subagente", "segnalatore"):
        report = (await call(clients, seeded, who, "GET", f"/api/report?{wide}")).json()
        assert not {"commission", "platform"} & set(report["totals"]), who
    for who, agent in (("agente", "agente"), ("agente", "subagente"), ("subagente", "subagente")):
        lines = await call(clients, seeded, who, "GET", f"/api/report/agenti/{ids[agent]}?{wide}")
        assert lines.status_code == 200
        assert lines.json()["lines"], who
        assert all("companyAmount" not in line for line in lines.json()["lines"]), who
    admin = await call(
        clients, seeded, "admin", "GET", f"/api/report/agenti/{ids['agente']}?{wide}"
    )
    assert all("companyAmount" in line for line in admin.json()["lines"])


async def test_the_report_exports_typed_cells(clients: ClientFactory, seeded: Runtime) -> None:
    answer = await call(
        clients,
        seeded,
        "admin",
        "GET",
        "/api/report/export?format=xlsx&from=2020-01-01&to=2029-12-31",
    )
    assert answer.status_code == 200
    book = load_workbook(io.BytesIO(answer.content))
    main = book["Provvigioni"]
    assert [c.value for c in main[1]][:3] == ["Collaboratore", "Base ritenuta", "Aliquota ritenuta"]
    agents = [row for row in main.iter_rows(min_row=2) if row[2].value is not None]
    assert agents
    for row in agents:
        assert row[2].data_type == "n"
        assert row[2].number_format == '0.00 "%"'
        for cell in row[3:8]:
            assert cell.data_type == "n"
            assert cell.number_format == "#,##0.00 [$€-410]"
    bases = {row[1].value for row in agents}
    assert bases <= {50, 20, "nessuna (forfettario)"}
    months = list(book["Per mese"].iter_rows(min_row=2))
    assert months
    for month, amount in months:
        assert isinstance(month.value, datetime)
        assert month.value.day == 1
        assert month.number_format == "mm/yyyy"
        assert amount.data_type == "n"
    csv = await call(
        clients,
        seeded,
        "admin",
        "GET",
        "/api/report/export?format=csv&from=2020-01-01&to=2029-12-31",
    )
    assert "Collaboratore;Base ritenuta;Aliquota ritenuta" in csv.text
    assert ";23,00;" in csv.text


async def test_only_admins_change_the_withholding_rate(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    path = f"/api/users/{ids['agente']}"
    refused = await call(clients, seeded, "dipendente", "PATCH", path, {"info": {"ritenuta": 20}})
    assert refused.status_code == 403
    assert refused.json()["error"]["message"] == (
        "Solo gli amministratori modificano la ritenuta d'acconto"
    )
    assert (await _user(seeded, "agente")).ritenuta == Decimal(23)
    # the employee's screen sends the rate as it is with other changes: that goes through
    same = await call(
        clients,
        seeded,
        "dipendente",
        "PATCH",
        path,
        {"name": "Mario Rossi", "info": {"ritenuta": 23}},
    )
    assert same.status_code == 200, same.text
    changed = await call(clients, seeded, "admin", "PATCH", path, {"info": {"ritenuta": 20}})
    assert changed.status_code == 200
    assert (await _user(seeded, "agente")).ritenuta == Decimal(20)
