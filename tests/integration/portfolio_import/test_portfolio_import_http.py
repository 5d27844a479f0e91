"""The portfolio import over HTTP: a dry run names every bad row and writes nothing, the
import brings the rest in, a second run changes nothing and a changed row updates what it
made; the mapping is kept per source; roles, tenants and bounds."""

from __future__ import annotations

import io
import zipfile
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from bench.portfolio_import import fiscal_code
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.portfolio import jobs, reader
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids
from tests.integration.portfolio_import.helpers import (
    BAD,
    CF1,
    GOOD,
    HEADER,
    MAPPING,
    TENANT,
    csv_file,
    imported,
    run,
    start,
    xlsx_file,
)

pytestmark = pytest.mark.usefixtures("seeded")

FILE = csv_file(GOOD + [row for row, _column, _reason in BAD.values()])


async def test_dry_run_names_every_bad_row_and_writes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    before = await imported(seeded)
    job = await run(clients, seeded, FILE, dry_run=True)
    assert job["dryRun"] is True
    assert job["percent"] == 100
    named = {line: (column, reason) for line, column, _value, reason in job["errors"]}
    assert sorted(named) == sorted(BAD), job["errors"]
    for line, (_row, column, word) in BAD.items():
        assert named[line][0] == column, (line, named[line])
        assert word in named[line][1], (line, named[line])
    assert job["counts"]["scartate"] == len(BAD)
    assert (job["counts"]["polizzeNuove"], job["counts"]["clientiNuovi"]) == (3, 2)
    assert await imported(seeded) == before  # not a row, not a key, not an audit entry


async def test_import_then_the_same_file_again_changes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    job = await run(clients, seeded, FILE, dry_run=False)
    assert (job["counts"]["polizzeNuove"], job["counts"]["clientiNuovi"]) == (3, 2)
    assert job["counts"]["scartate"] == len(BAD)
    after = await imported(seeded)
    policies = after["policies"]
    assert sorted(policies) == ["IMP-001", "IMP-002", "IMP-003"]
    assert policies["IMP-001"][:2] == (Decimal("1234.56"), [Decimal("1234.56")])
    assert policies["IMP-002"][:2] == (Decimal("1000.00"), [Decimal("400.00"), Decimal("600.00")])
    assert policies["IMP-003"][:2] == (Decimal("360.30"), [Decimal("120.10")] * 3)
    assert policies["IMP-001"][2] == policies["IMP-002"][2] != policies["IMP-003"][2]
    assert after["clients"] == 2

    again = await run(clients, seeded, FILE, dry_run=False)
    counts = again["counts"]
    assert (counts["polizzeNuove"], counts["polizzeAggiornate"], counts["polizzeInvariate"]) == (
        0, 0, 3)  # fmt: skip
    assert (counts["clientiNuovi"], counts["clientiAggiornati"]) == (0, 0)
    assert await imported(seeded) == after  # the audit log too: nothing was written


async def test_a_changed_row_updates_the_record_it_made(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await run(clients, seeded, csv_file(GOOD), dry_run=False)
    before = await imported(seeded)
    changed = [list(r) for r in GOOD]
    changed[0][9] = "1.300,00"  # IMP-001's premium
    changed[2][1] = "Anna Bianchi Verdi"  # K2's name
    job = await run(clients, seeded, csv_file(changed), dry_run=False)
    counts = job["counts"]
    assert (counts["polizzeNuove"], counts["polizzeAggiornate"], counts["polizzeInvariate"]) == (
        0,
        2,
        1,
    )  # fmt: skip  (IMP-003's client name is in its policy's customer)
    assert (counts["clientiNuovi"], counts["clientiAggiornati"]) == (0, 1)
    after = await imported(seeded)
    assert after["policies"]["IMP-001"][:2] == (Decimal("1300.00"), [Decimal("1300.00")])
    assert len(after["policies"]) == 3
    assert after["keys"] == before["keys"]


async def test_xlsx_with_numbers_and_dates(clients: ClientFactory, seeded: Runtime) -> None:
    rows: list[list[object]] = [list(r) for r in GOOD]
    rows[0][7], rows[0][9] = datetime(2026, 2, 1), 1234.56  # a date cell, a number cell
    rows[2][9] = 360.3
    content = xlsx_file(rows)
    job = await run(clients, seeded, content, name="portale.xlsx", dry_run=False)
    assert job["counts"]["polizzeNuove"] == 3
    assert job["counts"]["scartate"] == 0
    policies = (await imported(seeded))["policies"]
    assert policies["IMP-001"][0] == Decimal("1234.56")
    assert policies["IMP-003"][0] == Decimal("360.30")


async def test_the_mapping_is_saved_per_source_and_offered_again(
    clients: ClientFactory, seeded: Runtime
) -> None:
    renamed = ["Cod", "Nominativo assicurato", "CF contraente", *HEADER[3:]]
    mapping = {**MAPPING, "client_key": "Cod", "name": "Nominativo assicurato",
               "fiscal_code": "CF contraente"}  # fmt: skip
    content = csv_file(GOOD, header=renamed)
    await run(clients, seeded, content, source="Portale Compagnia Y", mapping=mapping)
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        fields = (await client.get("/api/portafoglio/campi", headers=headers)).json()
        saved = {s["name"]: s["mapping"] for s in fields["sources"]}
        assert saved["Portale Compagnia Y"] == mapping
        offered = await client.post(
            "/api/portafoglio/intestazioni", headers=headers,
            files={"file.0": ("y.csv", content)}, data={"source": "Portale Compagnia Y"},
        )  # fmt: skip
        assert offered.status_code == 200, offered.text
        assert offered.json()["saved"] is True
        assert offered.json()["mapping"] == mapping
        fresh = await client.post(
            "/api/portafoglio/intestazioni", headers=headers,
            files={"file.0": ("x.csv", csv_file(GOOD))}, data={"source": "Nuova fonte"},
        )  # fmt: skip
        guessed = fresh.json()
        assert guessed["saved"] is False
        for field in ("name", "fiscal_code", "company", "number", "start_date", "premium"):
            assert guessed["mapping"][field] == MAPPING[field], (field, guessed["mapping"])


async def test_the_report_downloads_as_csv_and_xlsx(
    clients: ClientFactory, seeded: Runtime
) -> None:
    job = await run(clients, seeded, FILE)
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        base = f"/api/portafoglio/importazioni/{job['_id']}/rapporto"
        as_csv = await client.get(f"{base}?formato=csv", headers=headers)
        assert as_csv.status_code == 200
        text = as_csv.content.decode("utf-8-sig")
        assert "Riga;Colonna;Valore;Motivo" in text
        assert "prodotto sconosciuto" in text
        assert "Righe scartate;7" in text
        as_xlsx = await client.get(f"{base}?formato=xlsx", headers=headers)
        book = load_workbook(io.BytesIO(as_xlsx.content), read_only=True)
        bad_rows = list(book["Righe scartate"].iter_rows(values_only=True))
        assert len(bad_rows) == 1 + len(BAD)
        assert (await client.get(f"{base}?formato=pdf", headers=headers)).status_code == 400


async def test_a_mapping_without_a_required_column_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    mapping = {k: v for k, v in MAPPING.items() if k != "fiscal_code"}
    answer = await start(clients, seeded, FILE, mapping=mapping)
    assert answer.status_code == 400
    assert "Codice fiscale" in answer.json()["error"]["message"]
    unknown = await start(clients, seeded, FILE, mapping={**MAPPING, "phone": "Cellulare"})
    assert unknown.status_code == 400
    assert "non è nel file" in unknown.json()["error"]["message"]


@pytest.mark.parametrize(
    ("who", "allowed"),
    [("admin", True), ("responsabile", True), ("agente", True), ("subagente", False),
     ("dipendente", False), ("segnalatore", False)],
)  # fmt: skip
async def test_who_may_import(
    clients: ClientFactory, seeded: Runtime, who: str, allowed: bool
) -> None:
    answer = await start(clients, seeded, csv_file(GOOD), who=who)
    assert answer.status_code == (202 if allowed else 403), answer.text
    if allowed:
        assert answer.job["status"] == "completato"
    else:
        assert "importare" in answer.json()["error"]["message"]


async def test_an_agent_imports_within_its_own_tree(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    rows = [list(r) for r in GOOD]
    rows[1][:3] = ["K9", "Elena Sala", fiscal_code(109)]
    rows[1][12] = "subagente@demo.it"  # its own sub-agent: fine
    rows[2][12] = "admin@demo.it"  # not an agent of its tree
    job = await run(clients, seeded, csv_file(rows), who="agente", dry_run=False)
    assert [(e[0], e[1]) for e in job["errors"]] == [(4, "Agente")]
    policies = (await imported(seeded))["policies"]
    assert policies["IMP-001"][3] == ids["agente"]
    assert policies["IMP-002"][3] == ids["subagente"]
    # the agent's export shows its tree's policies; a sub-agent's only its own
    for who, numbers in (("agente", {"IMP-001", "IMP-002"}), ("subagente", {"IMP-002"})):
        async with clients(TENANT) as client:
            headers = await headers_for(seeded, TENANT, who)
            answer = await client.get("/api/portafoglio/esportazione?formato=xlsx",
                                      headers=headers)  # fmt: skip
            assert answer.status_code == 200, answer.text
            book = load_workbook(io.BytesIO(answer.content), read_only=True)
            listed = {r[2] for r in book["Polizze"].iter_rows(min_row=2, values_only=True)}
            assert {n for n in listed if str(n).startswith("IMP-")} == numbers, who


async def test_a_tenant_never_touches_another_tenants_rows(
    clients: ClientFactory, seeded: Runtime
) -> None:
    job = await run(clients, seeded, csv_file(GOOD), dry_run=False)
    other = "rcadealer"
    # the same file from a source of the same name elsewhere: its own records, all new
    again = await run(clients, seeded, csv_file(GOOD), dry_run=False, tenant=other)
    assert again["counts"]["polizzeNuove"] == 3
    assert again["counts"]["clientiNuovi"] == 2
    assert len((await imported(seeded))["policies"]) == 3
    assert len((await imported(seeded, other))["policies"]) == 3
    async with clients(other) as client:
        headers = await headers_for(seeded, other, "admin")
        answer = await client.get(f"/api/portafoglio/importazioni/{job['_id']}", headers=headers)
        assert answer.status_code == 404
        report = f"/api/portafoglio/importazioni/{job['_id']}/rapporto"
        assert (await client.get(report, headers=headers)).status_code == 404
        sources = (await client.get("/api/portafoglio/campi", headers=headers)).json()
        assert [s["name"] for s in sources["sources"]] == ["Portale Compagnia X"]


async def test_the_export_as_xlsx_and_as_csv_files(clients: ClientFactory, seeded: Runtime) -> None:
    await run(clients, seeded, csv_file(GOOD), dry_run=False)
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        as_xlsx = await client.get("/api/portafoglio/esportazione?formato=xlsx", headers=headers)
        assert as_xlsx.status_code == 200
        book = load_workbook(io.BytesIO(as_xlsx.content), read_only=True)
        assert book.sheetnames == ["Clienti", "Polizze", "Rate"]
        policies = {r[2]: r for r in book["Polizze"].iter_rows(min_row=2, values_only=True)}
        assert policies["IMP-001"][8] == 1234.56
        assert policies["IMP-001"][4] == CF1
        instalments = [r for r in book["Rate"].iter_rows(min_row=2, values_only=True)
                       if r[2] == "IMP-002"]  # fmt: skip
        assert [r[5] for r in instalments] == [400, 600]
        as_csv = await client.get("/api/portafoglio/esportazione?formato=csv", headers=headers)
        archive = zipfile.ZipFile(io.BytesIO(as_csv.content))
        assert sorted(archive.namelist()) == ["clienti.csv", "polizze.csv", "rate.csv"]
        assert "1234,56" in archive.read("polizze.csv").decode("utf-8-sig")
        other = await headers_for(seeded, "rcadealer", "admin")
    async with clients("rcadealer") as client:
        theirs = await client.get("/api/portafoglio/esportazione?formato=xlsx", headers=other)
        book = load_workbook(io.BytesIO(theirs.content), read_only=True)
        numbers = [r[2] for r in book["Polizze"].iter_rows(min_row=2, values_only=True)]
        assert not [n for n in numbers if str(n).startswith("IMP-")]
    async with clients(TENANT) as client:
        employee = await headers_for(seeded, TENANT, "dipendente")
        answer = await client.get("/api/portafoglio/esportazione", headers=employee)
        assert answer.status_code == 403


async def _refused(clients: ClientFactory, seeded: Runtime, content: bytes, name: str) -> str:
    answer = await start(clients, seeded, content, name=name)
    assert 400 <= answer.status_code < 500, answer.text
    return str(answer.json()["error"]["message"])


async def test_files_out_of_bounds_are_refused_in_italian(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\x00<<>>\nendobj\n"
    assert "non è un CSV né un XLSX" in await _refused(clients, seeded, pdf, "polizze.pdf")
    assert "non è un CSV né un XLSX" in await _refused(clients, seeded, pdf, "polizze.csv")
    wide = csv_file([["x"] * 70], header=[f"C{i}" for i in range(70)])
    assert "più di 60 colonne" in await _refused(clients, seeded, wide, "largo.csv")
    assert "vuoto" in await _refused(clients, seeded, b"  \n", "vuoto.csv")

    monkeypatch.setattr(reader, "MAX_ROWS", 5)
    assert "righe" in await _refused(clients, seeded, csv_file(GOOD * 3), "lungo.csv")
    tall = xlsx_file(GOOD * 3)
    assert "righe" in await _refused(clients, seeded, tall, "lungo.xlsx")
    monkeypatch.undo()

    # a sheet that declares a million rows is refused from its <dimension>, unread
    huge = _rewrite(xlsx_file(GOOD), "xl/worksheets/sheet1.xml",
                    lambda xml: xml.replace(b'<dimension ref="A1:M4" />',
                                            b'<dimension ref="A1:M1048576"/>'))  # fmt: skip
    assert "righe" in await _refused(clients, seeded, huge, "enorme.xlsx")
    # a zip bomb: what the workbook unpacks to is counted before anything is read
    monkeypatch.setattr(reader, "MAX_UNPACKED", 1024 * 1024)
    bomb = _rewrite(xlsx_file(GOOD), "xl/media/zeros.bin", lambda _b: b"\0" * (2 * 1024 * 1024))
    assert "200 MB" in await _refused(clients, seeded, bomb, "bomba.xlsx")
    monkeypatch.undo()

    monkeypatch.setattr(reader, "MAX_BYTES", 1000)
    big = csv_file(GOOD * 20)
    assert "20 MB" in await _refused(clients, seeded, big, "grande.csv")


def _rewrite(content: bytes, part: str, change: object) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        names = source.namelist()
        for name in names:
            data = source.read(name)
            target.writestr(name, change(data) if name == part else data)  # type: ignore[operator]
        if part not in names:
            target.writestr(part, change(b""))  # type: ignore[operator]
    return out.getvalue()


async def test_a_bad_mapping_body_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        answer = await client.post(
            "/api/portafoglio/importazioni", headers=headers,
            files={"file.0": ("x.csv", csv_file(GOOD))},
            data={"source": "X", "mapping": "{not json", "dryRun": "true"},
        )  # fmt: skip
        assert answer.status_code == 400
        assert "abbinamento" in answer.json()["error"]["message"]
        saved = await client.put("/api/portafoglio/fonti", headers=headers,
                                 json={"name": "Portale Z", "mapping": MAPPING})  # fmt: skip
        assert saved.status_code == 200
        assert saved.json()["mapping"] == MAPPING
        nameless = await client.put("/api/portafoglio/fonti", headers=headers,
                                    json={"name": " ", "mapping": {}})  # fmt: skip
        assert nameless.status_code == 400
        assert "fonte" in nameless.json()["error"]["message"]


async def test_an_interrupted_job_reads_as_failed_and_migrate_marks_it(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """A job whose process stopped: its beat goes stale and it reads as failed; the step before
    the workers start (``fail_unfinished``) marks it so for good."""
    job = await run(clients, seeded, csv_file(GOOD))
    stale = utcnow() - jobs.STALE_AFTER - timedelta(seconds=5)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            row = await session.get(m.ImportJob, job["_id"])
            assert row is not None
            row.status, row.updated_at = jobs.RUNNING, stale
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        answer = (await client.get(f"/api/portafoglio/importazioni/{job['_id']}",
                                   headers=headers)).json()  # fmt: skip
        assert answer["status"] == "fallito"
        assert "interrotta" in answer["message"]
    assert await jobs.fail_unfinished(seeded.write_session, [TENANT]) == 1
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            row = await session.get(m.ImportJob, job["_id"])
            assert row is not None
            assert row.status == jobs.FAILED
