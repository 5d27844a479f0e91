"""A company's statement uploaded against a remittance: matched line by line with what was
collected, differences first, each resolved by a person with a note; bad files refused by
line, changing nothing."""

from __future__ import annotations

import io
import secrets
from typing import Any

import pytest
from openpyxl import Workbook
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.commissions.helpers import TENANT, call
from tests.integration.remittances.example import FIRST, LAST, seed_example

pytestmark = pytest.mark.usefixtures("seeded")

STATEMENT = (
    "Polizza;Rata;Importo;Provvigione\n"
    "ES-001;1;122,00;10,00\n"
    " es -001 ;2;122.00;10.00\n"  # the number's key: case and spaces aside
    "ES-002;1;244,00;\n"
    "ES-003;;310,00;30,00\n"  # the single payment, 10.00 more than collected
    "ES-999;1;1.234,56;100,00\n"  # not collected by us
)  # and ES-002's refund (rata 3, -80.00) is missing from it


async def _remittance(clients: ClientFactory, runtime: Runtime) -> str:
    company = f"Compagnia {secrets.token_hex(3)}"
    await seed_example(runtime, TENANT, company)
    body = {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    answer = await call(clients, runtime, "admin", "POST", "/api/rimesse", body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["_id"])


async def _upload(
    clients: ClientFactory, runtime: Runtime, rid: str, content: bytes, name: str = "e.csv",
    who: str = "admin", tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.post(
            f"/api/rimesse/{rid}/estratto", files={"file.0": (name, content)}, headers=headers
        )


async def _imports(runtime: Runtime) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(func.count(m.RemittanceReconciliation.id))
            return int((await session.execute(stmt)).scalar_one())


def _results(payload: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(i["number"], i["instalment"], i["result"], i["ourGross"], i["theirGross"])
            for i in payload["items"]]  # fmt: skip


async def test_a_statement_is_reconciled(clients: ClientFactory, seeded: Runtime) -> None:
    rid = await _remittance(clients, seeded)
    answer = await _upload(clients, seeded, rid, STATEMENT.encode())
    assert answer.status_code == 201, answer.text
    result = answer.json()
    assert (result["lines"], result["ok"], result["differences"], result["open"]) == (5, 3, 3, 3)
    assert _results(result) == [
        ("ES-003", 1, "importo_diverso", 300, 310),
        ("ES-002", 3, "non_in_estratto", -80, None),
        ("ES-999", 1, "non_incassato", None, 1234.56),
        ("ES-001", 1, "ok", 122, 122), ("ES-001", 2, "ok", 122, 122),
        ("ES-002", 1, "ok", 244, 244),
    ]  # fmt: skip
    assert result["items"][2]["lines"] == "6"  # the header is line 1
    listed = {r["_id"]: r for r in (await call(clients, seeded, "admin", "GET",
                                               "/api/rimesse")).json()}  # fmt: skip
    assert listed[rid]["openDifferences"] == 3

    first = result["items"][0]["_id"]
    path = f"/api/rimesse/righe/{first}"
    empty = await call(clients, seeded, "admin", "PATCH", path, {"note": "  "})
    assert empty.status_code == 400
    done = await call(clients, seeded, "admin", "PATCH", path,
                      {"note": "La compagnia ha applicato 10 € di diritti"})  # fmt: skip
    assert done.status_code == 200, done.text
    assert (done.json()["resolved"], done.json()["note"]) == (
        True, "La compagnia ha applicato 10 € di diritti",
    )  # fmt: skip
    ok_line = result["items"][3]["_id"]
    refused = await call(clients, seeded, "admin", "PATCH", f"/api/rimesse/righe/{ok_line}",
                         {"note": "niente"})  # fmt: skip
    assert refused.status_code == 400
    again = (await call(clients, seeded, "admin", "GET", f"/api/rimesse/{rid}/estratto")).json()
    assert again["open"] == 2
    assert [i["resolved"] for i in again["items"][:3]] == [False, False, True]
    listed = {r["_id"]: r for r in (await call(clients, seeded, "admin", "GET",
                                               "/api/rimesse")).json()}  # fmt: skip
    assert listed[rid]["openDifferences"] == 2
    # another tenant's admin and an agent cannot touch the line
    other = await call(clients, seeded, "admin", "PATCH", path, {"note": "x"}, tenant="rcadealer")
    assert other.status_code == 404
    agent = await call(clients, seeded, "agente", "PATCH", path, {"note": "x"})
    assert agent.status_code == 403


async def test_an_xlsx_statement_and_a_comma_csv(clients: ClientFactory, seeded: Runtime) -> None:
    rid = await _remittance(clients, seeded)
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Numero polizza", "N. rata", "Premio lordo"])
    for row in (("ES-001", 1, 122), ("ES-001", 2, 122.0), ("ES-002", 1, "244,00"),
                ("ES-002", 3, -80), ("ES-003", None, 300)):  # fmt: skip
        sheet.append(list(row))
    content = io.BytesIO()
    book.save(content)
    answer = await _upload(clients, seeded, rid, content.getvalue(), "estratto.xlsx")
    assert answer.status_code == 201, answer.text
    assert (answer.json()["ok"], answer.json()["differences"]) == (5, 0)
    plain = "polizza,rata,importo\nES-001,1,122.00\nES-001,2,122\nES-002,1,244\n"
    answer = await _upload(clients, seeded, rid, plain.encode())
    assert answer.status_code == 201, answer.text
    # ES-002's refund and ES-003 are missing from this one
    assert [(i["number"], i["result"]) for i in answer.json()["items"]][:2] == [
        ("ES-002", "non_in_estratto"), ("ES-003", "non_in_estratto"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "Carica l'estratto"),
        (b"   \n", "Il file è vuoto"),
        (b"Cliente;Data\nRossi;01/10/2026\n", "Colonne mancanti"),
        (b"Polizza;Importo\n", "non ha righe"),
        (b"Polizza;Importo\nES-001;12,3,4\n", "Riga 2: importo non valido"),
        (b"Polizza;Rata;Importo\nES-001;1;10\nES-001;uno;10\n", "Riga 3: numero di rata"),
        (b"Polizza;Rata;Importo\n;1;10\n", "Riga 2: manca il numero di polizza"),
        (b"Polizza;Importo\nES-001;1e9\n", "Riga 2: importo non valido"),
        (b"Polizza;Importo;Provvigione\nES-001;10;dieci\n", "Riga 2: provvigione non valida"),
        (b"\x00\x01\x02garbage", "non è un CSV"),
        (b"PK\x03\x04garbage", "XLSX non si legge"),
        (b"Polizza;Importo\n" + b"ES-1;1\n" * 10_001, "supera le 10.000 righe"),
        (b"x" * (2 * 1024 * 1024 + 1), "supera i 2 MB"),
    ],
)
async def test_bad_files_are_refused(
    clients: ClientFactory, seeded: Runtime, content: bytes, message: str
) -> None:
    rid = await _remittance(clients, seeded)
    before = await _imports(seeded)
    if content:
        answer = await _upload(clients, seeded, rid, content)
    else:
        answer = await call(clients, seeded, "admin", "POST", f"/api/rimesse/{rid}/estratto", {})
    assert 400 <= answer.status_code < 500, answer.text
    assert message in answer.json()["error"]["message"]
    assert await _imports(seeded) == before


async def test_uploads_follow_the_role_and_tenant(clients: ClientFactory, seeded: Runtime) -> None:
    rid = await _remittance(clients, seeded)
    before = await _imports(seeded)
    for who in ("agente", "responsabile", "dipendente"):
        answer = await _upload(clients, seeded, rid, STATEMENT.encode(), who=who)
        assert answer.status_code == 403, who
    other = await _upload(clients, seeded, rid, STATEMENT.encode(), tenant="rcadealer")
    assert other.status_code == 404
    assert await _imports(seeded) == before


async def test_a_remittance_keeps_its_latest_imports(
    clients: ClientFactory, seeded: Runtime
) -> None:
    rid = await _remittance(clients, seeded)
    before = await _imports(seeded)
    for _ in range(7):
        assert (await _upload(clients, seeded, rid, STATEMENT.encode())).status_code == 201
    assert await _imports(seeded) == before + 5
