"""A dealer's plates from a CSV file: every row checked, each bad one named with its row
number and reason; nothing imported unless the whole file is clean, and then all of it in
one transaction. A dry run checks and imports nothing.

The file: a header ``targa;tipo;marca;modello;immatricolazione;cliente;cf`` (columns in any
order, ``,`` as separator too), at most 1 MB and 20,000 plates; ``immatricolazione`` is
``nuova`` or the date (``gg/mm/aaaa`` or ``aaaa-mm-gg``). Row numbers count the header as
row 1, as a spreadsheet shows them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import ClientError, Customer, Principal, clients_in_tree, valid_fiscal_code
from plugins.rca import values
from plugins.rca.bodies import ImportBody
from plugins.rca.models import Plate
from plugins.rca.owners import Holder, holder_for, require_writer
from plugins.rca.register import DUPLICATE
from plugins.rca.rules.plates import validate_plate
from plugins.rca.search import index_plates

HEADER = ("targa", "tipo", "marca", "modello", "immatricolazione", "cliente", "cf")
MAX_ROWS = 20_000
LOOKUP_CHUNK = 500
EMPTY = "Il file è vuoto: manca l'intestazione targa;tipo;marca;modello;immatricolazione;cliente;cf"
BAD_HEADER = (
    "Intestazione non valida: servono le colonne "
    "targa;tipo;marca;modello;immatricolazione;cliente;cf"
)
TOO_MANY_ROWS = "Troppe righe: al massimo 20.000 targhe per file"
UNREADABLE = "File CSV non leggibile alla riga {row}"
COLUMNS = "Numero di colonne errato: {found} invece di 7"
REPEATED = "Targa ripetuta nel file: già alla riga {row}"
REFUSED = "Importazione annullata: {count} righe con errori, nessuna targa importata"
REFUSED_ONE = "Importazione annullata: 1 riga con errori, nessuna targa importata"


@dataclass(frozen=True, slots=True)
class Row:
    """A clean row: the plate as the register writes it."""

    number: int
    plate: str
    kind: str
    brand: str
    model: str
    new: bool
    day: date | None
    owner: str
    code: str


def _records(text: str) -> Iterator[tuple[int, list[str]]]:
    """``(row number, cells)`` of each non-blank record, the header first."""
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text), delimiter=";" if ";" in first else ",")
    number = 0
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            raise ClientError(UNREADABLE.format(row=number + 1)) from None
        number += 1
        if any(cell.strip() for cell in cells):
            yield number, cells


def _columns(header: list[str]) -> list[int]:
    """Where each of :data:`HEADER` is in the file's header."""
    names = [cell.strip().lower().removeprefix("\ufeff") for cell in header]
    if sorted(names) != sorted(HEADER):
        raise ClientError(BAD_HEADER)
    return [names.index(name) for name in HEADER]


def _row(number: int, cells: list[str]) -> Row:
    """A row checked, or ``ValueError`` / ``ClientError`` with the first reason."""
    plate, kind, brand, model, registered, owner, code = cells
    vehicle = values.vehicle_kind(kind)
    new, day = values.registration(registered)
    return Row(
        number, validate_plate(plate, vehicle), vehicle.value,
        values.text(brand, "marca", 80, required=True), values.text(model, "modello", 120),
        new, day, values.text(owner, "cliente", 200, required=True), valid_fiscal_code(code),
    )  # fmt: skip


def _problem(number: int, plate: str, message: str) -> dict[str, Any]:
    """A bad row as the answer names it."""
    return {"riga": number, "targa": plate.strip()[:32], "messaggio": message}


def read_rows(text: str) -> tuple[int, list[Row], list[dict[str, Any]]]:
    """The number of data rows, the clean rows and the problems, in file order."""
    records = _records(text)
    header = next(records, None)
    if header is None:
        raise ClientError(EMPTY)
    order = _columns(header[1])
    rows: list[Row] = []
    problems: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    count = 0
    for number, cells in records:
        count += 1
        if count > MAX_ROWS:
            raise ClientError(TOO_MANY_ROWS)
        if len(cells) != len(HEADER):
            problems.append(_problem(number, cells[order[0]] if order[0] < len(cells) else "",
                                     COLUMNS.format(found=len(cells))))  # fmt: skip
            continue
        ordered = [cells[i] for i in order]
        try:
            row = _row(number, ordered)
        except (ValueError, ClientError) as exc:
            problems.append(_problem(number, ordered[0], str(exc)))
            continue
        if row.plate in seen:
            problems.append(_problem(number, row.plate, REPEATED.format(row=seen[row.plate])))
            continue
        seen[row.plate] = number
        rows.append(row)
    return count, rows, problems


async def _registered(session: AsyncSession, plates: Sequence[str]) -> dict[str, Plate]:
    """The tenant's plates among ``plates``, retired ones too, by plate."""
    found: dict[str, Plate] = {}
    for start in range(0, len(plates), LOOKUP_CHUNK):
        chunk = plates[start : start + LOOKUP_CHUNK]
        stmt = select(Plate).where(Plate.plate.in_(chunk)).with_for_update()
        found.update((p.plate, p) for p in (await session.execute(stmt)).scalars())
    return found


def _in_register(rows: list[Row], stored: dict[str, Plate]) -> list[dict[str, Any]]:
    """The clean rows whose plate is in the register already (not retired)."""
    return [
        _problem(row.number, row.plate, DUPLICATE.format(plate=row.plate))
        for row in rows
        if row.plate in stored and stored[row.plate].active
    ]


async def _write(
    session: AsyncSession, holder: Holder, rows: list[Row], stored: dict[str, Plate]
) -> None:
    """The rows as plates of ``holder`` (retired ones brought back), with their owners."""
    customers = {row.code: Customer(name=row.owner, fiscal_code=row.code) for row in rows}
    clients = await clients_in_tree(
        session, holder.tree, list(customers.values()), agent_id=holder.agent_id
    )
    plates = []
    for row in rows:
        plate = stored.get(row.plate) or Plate(plate=row.plate)
        client = clients[row.code]
        plate.kind, plate.brand, plate.model = row.kind, row.brand, row.model
        plate.registered_new, plate.registered_on = row.new, row.day
        plate.tipo_bersani, plate.targa_agev, plate.active, plate.retired_at = (
            None,
            False,
            True,
            None,
        )
        plate.agent_id, plate.parent_agent_id = holder.agent_id, holder.parent_agent_id
        plate.client_id, plate.owner_name, plate.owner_code = client.id, client.name, row.code
        plates.append(plate)
    session.add_all(plates)
    await session.flush()
    await index_plates(session, plates)


async def import_plates(
    session: AsyncSession, principal: Principal, body: ImportBody
) -> dict[str, Any]:
    """``{righe, errori, importate}``; a real import with any error is a 400 carrying the
    same lists, and imports nothing."""
    require_writer(principal)
    holder = await holder_for(session, principal, body.aId)
    count, rows, problems = read_rows(body.csv)
    stored = await _registered(session, [row.plate for row in rows])
    problems = sorted(problems + _in_register(rows, stored), key=lambda p: p["riga"])
    answer = {"righe": count, "errori": problems, "importate": 0}
    if body.dryRun:
        return answer
    if problems:
        message = REFUSED_ONE if len(problems) == 1 else REFUSED.format(count=len(problems))
        raise ClientError(message, extra=answer)
    await _write(session, holder, rows, stored)
    return {**answer, "importate": len(rows)}
