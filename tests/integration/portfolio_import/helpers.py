"""Small portfolio files and the calls the import's tests share."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

from sqlalchemy import func, select

from bench.portfolio_import import fiscal_code
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for

TENANT = "assicurapp"
HEADER = ["Codice cliente", "Cliente", "Codice fiscale", "Email", "Compagnia", "Numero polizza",
          "Prodotto", "Decorrenza", "Scadenza", "Premio", "Frazionamento", "Rate",
          "Agente"]  # fmt: skip
MAPPING = {
    "client_key": "Codice cliente", "name": "Cliente", "fiscal_code": "Codice fiscale",
    "email": "Email", "company": "Compagnia", "number": "Numero polizza",
    "product": "Prodotto", "start_date": "Decorrenza", "end_date": "Scadenza",
    "premium": "Premio", "frequency": "Frazionamento", "instalments": "Rate", "agent": "Agente",
}  # fmt: skip
CF1, CF2, CF3 = fiscal_code(101), fiscal_code(102), fiscal_code(103)
GOOD = [
    ["K1", "Mario Rossi", CF1, "mario@example.it", "Allianz", "IMP-001", "", "01/02/2026",
     "01/02/2027", "1.234,56", "annuale", "", ""],
    ["K1", "Mario Rossi", CF1, "mario@example.it", "Generali", "IMP-002", "", "2026-03-15",
     "", "1000,00", "semestrale", "400,00|600,00", ""],
    ["K2", "Anna Bianchi", CF2, "", "Allianz", "IMP-003", "", "15/04/2026", "15/04/2027",
     "360.3", "quadrimestrale", "", ""],
]  # fmt: skip
BAD = {
    # line in the file (header = 1, GOOD = 2..4) → the column and a word of its reason
    5: (["K3", "Luca Verdi", "RSSMRA80A01H50XZ", "", "Allianz", "IMP-004", "", "01/01/2026",
         "", "100,00", "", "", ""], "Codice fiscale", "codice fiscale"),
    6: (["K3", "Luca Verdi", CF3, "", "Allianz", "IMP-005", "", "31/02/2026", "", "100,00", "",
         "", ""], "Decorrenza", "data non valida"),
    7: (["K3", "Luca Verdi", CF3, "", "Allianz", "IMP-006", "", "01/01/2026", "", "12,34,56",
         "", "", ""], "Premio", "importo non valido"),
    8: (["K3", "Luca Verdi", CF3, "", "Allianz", "IMP-007", "Prodotto che non c'è",
         "01/01/2026", "", "100,00", "", "", ""], "Prodotto", "prodotto sconosciuto"),
    9: (["K1", "Mario Rossi", CF1, "mario@example.it", "Allianz", "IMP-001", "", "01/02/2026",
         "01/02/2027", "1.234,56", "annuale", "", ""], "Numero polizza", "riga 2"),
    10: (["K4", "", fiscal_code(104), "", "Allianz", "IMP-008", "", "01/01/2026", "",
          "100,00", "", "", ""], "Cliente", "obbligatorio"),
    11: (["K5", "Sara Neri", fiscal_code(105), "", "Allianz", "IMP-009", "", "01/01/2026", "",
          "1.000,00", "semestrale", "400,00|500,00", ""], "Rate", "sommano 900,00"),
}  # fmt: skip


def csv_file(rows: list[list[str]], header: list[str] = HEADER) -> bytes:
    lines = [";".join(header), *(";".join(r) for r in rows)]
    return ("\n".join(lines) + "\n").encode()


def xlsx_file(rows: list[list[Any]], header: list[str] = HEADER) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


async def _post(
    client: Any, headers: dict[str, str], content: bytes, name: str, source: str,
    mapping: dict[str, str] | None, dry_run: bool,
) -> Any:  # fmt: skip
    form = {"source": source, "mapping": json.dumps(MAPPING if mapping is None else mapping),
            "dryRun": "true" if dry_run else "false"}  # fmt: skip
    return await client.post("/api/portafoglio/importazioni", headers=headers,
                             files={"file.0": (name, content)}, data=form)  # fmt: skip


async def _wait(client: Any, headers: dict[str, str], job_id: str) -> dict[str, Any]:
    for _ in range(1200):
        answer = await client.get(f"/api/portafoglio/importazioni/{job_id}", headers=headers)
        assert answer.status_code == 200, answer.text
        job: dict[str, Any] = answer.json()
        if job["status"] in ("completato", "fallito"):
            return job
        await asyncio.sleep(0.05)
    raise AssertionError("the import did not end")


async def start(
    clients: ClientFactory, runtime: Runtime, content: bytes, *, who: str = "admin",
    name: str = "portafoglio.csv", source: str = "Portale Compagnia X",
    mapping: dict[str, str] | None = None, dry_run: bool = True, tenant: str = TENANT,
    finish: bool = True,
) -> Any:  # fmt: skip
    """Post an import; with ``finish`` wait for its job's end in the same client (the app's
    loop, where the job runs, lives as long as the client)."""
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        answer = await _post(client, headers, content, name, source, mapping, dry_run)
        if finish and answer.status_code == 202:
            answer.job = await _wait(client, headers, answer.json()["_id"])
        return answer


async def run(
    clients: ClientFactory, runtime: Runtime, content: bytes, **options: Any
) -> dict[str, Any]:
    """Start an import and wait for its end."""
    answer = await start(clients, runtime, content, **options)
    assert answer.status_code == 202, answer.text
    job: dict[str, Any] = answer.job
    assert job["status"] == "completato", job
    return job


async def imported(runtime: Runtime, tenant: str = TENANT) -> dict[str, Any]:
    """The tenant's policies numbered IMP-…, with their premiums and instalments."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            policies = (await session.execute(
                select(m.Policy).where(m.Policy.number.like("IMP-%")))).scalars().all()  # fmt: skip
            keys = int((await session.execute(select(func.count(m.ImportKey.id)))).scalar_one())
            return {
                "policies": {
                    p.number: (p.premium, [i.total for i in p.instalments], p.client_id, p.agent_id)
                    for p in policies
                },
                "keys": keys,
                "clients": int(
                    (
                        await session.execute(
                            select(func.count(m.Client.id)).where(
                                m.Client.fiscal_code.in_([CF1, CF2, CF3])
                            )
                        )
                    ).scalar_one()
                ),
                "audit": int(
                    (await session.execute(select(func.count(m.AuditEntry.id)))).scalar_one()
                ),
            }
