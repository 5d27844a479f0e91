"""Reading a portfolio file: CSV (``;`` or ``,`` between fields, UTF-8 or Windows-1252) or
XLSX (its first sheet), a header line naming the columns, then one line per row.

Bounds, each refused with a message in Italian before anything is imported: the upload's size
(:data:`MAX_BYTES`), the rows (:data:`MAX_ROWS`), the columns (:data:`MAX_COLUMNS`); for an
XLSX also what its zip unpacks to (:data:`MAX_UNPACKED`, a zip bomb) and the sheet's declared
dimension (a huge sheet is refused from its ``<dimension>`` before a row is read)."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from core.csv_files import csv_rows
from core.errors import ClientError

MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = 50_000
MAX_COLUMNS = 60
MAX_UNPACKED = 200 * 1024 * 1024
MAX_CELL = 500

TOO_BIG = "Il file supera i 20 MB: dividilo in più file"
TOO_LONG = f"Il file supera le {MAX_ROWS:,} righe: dividilo in più file".replace(",", ".")
TOO_WIDE = f"Il file ha più di {MAX_COLUMNS} colonne: togli quelle che non servono"
EMPTY = "Il file è vuoto"
NOT_A_TABLE = "Il file non è un CSV né un XLSX: esporta il portafoglio in uno dei due formati"
BAD_XLSX = "Il file XLSX non si legge: salvalo di nuovo o esportalo in CSV"
BOMB = "Il file XLSX si espande oltre i 200 MB: esportalo in CSV o dividilo"
NO_ROWS = "Il file non ha righe dopo l'intestazione"
NO_HEADER = "La prima riga del file deve contenere i nomi delle colonne"


@dataclass(frozen=True, slots=True)
class Table:
    """The file's header and its rows (``rows[i]`` is line ``i + 2``: the header is line 1)."""

    header: list[str]
    rows: list[list[Any]]


def _csv_rows(content: bytes) -> Iterator[Sequence[Any]]:
    csv.field_size_limit(64 * 1024)
    return csv_rows(content, NOT_A_TABLE, nul_scan=65536, tabs=True)


def _check_zip(content: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            infos = archive.infolist()
            names = {info.filename for info in infos}
            if "xl/workbook.xml" not in names:
                raise ClientError(NOT_A_TABLE)
            if sum(info.file_size for info in infos) > MAX_UNPACKED:
                raise ClientError(BOMB)
    except zipfile.BadZipFile as exc:
        raise ClientError(BAD_XLSX) from exc


def _xlsx_rows(content: bytes) -> Iterator[Sequence[Any]]:
    _check_zip(content)
    try:
        from openpyxl import load_workbook  # loaded with the first workbook

        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        declared_rows, declared_cols = sheet.max_row, sheet.max_column  # its <dimension>
        if declared_rows is not None and declared_rows > MAX_ROWS + 1:
            raise ClientError(TOO_LONG)
        if declared_cols is not None and declared_cols > MAX_COLUMNS:
            raise ClientError(TOO_WIDE)
        for count, row in enumerate(sheet.iter_rows(values_only=True)):
            if count > MAX_ROWS + 1:
                break
            if len(row) > MAX_COLUMNS and any(v not in (None, "") for v in row[MAX_COLUMNS:]):
                raise ClientError(TOO_WIDE)
            yield row[:MAX_COLUMNS]
        book.close()
    except ClientError:
        raise
    except Exception as exc:  # whatever a malformed workbook breaks in the reader
        raise ClientError(BAD_XLSX) from exc


def _blank(row: Sequence[Any]) -> bool:
    return all(value is None or str(value).strip() == "" for value in row)


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip()[:MAX_CELL]
    return value


def read_table(content: bytes, name: str = "") -> Table:
    """The file's header and rows, or a :class:`ClientError` saying why it cannot be read."""
    if len(content) > MAX_BYTES:
        raise ClientError(TOO_BIG)
    if not content.strip():
        raise ClientError(EMPTY)
    lower = name.lower()
    if content[:4] == b"PK\x03\x04":
        rows = _xlsx_rows(content)
    elif lower.endswith((".xlsx", ".xlsm", ".xls", ".ods", ".pdf", ".zip", ".doc", ".docx")):
        raise ClientError(NOT_A_TABLE)
    else:
        rows = _csv_rows(content)
    header_row = next(rows, None)
    if header_row is None or _blank(header_row):
        raise ClientError(NO_HEADER)
    if len([h for h in header_row if h not in (None, "")]) > MAX_COLUMNS:
        raise ClientError(TOO_WIDE)
    header = [str(h).strip() if h is not None else "" for h in header_row]
    if len(header) > MAX_COLUMNS:
        header = header[:MAX_COLUMNS]
    body: list[list[Any]] = []
    for row in rows:
        if len(body) >= MAX_ROWS:
            if not _blank(row):
                raise ClientError(TOO_LONG)
            continue
        if len(row) > MAX_COLUMNS and any(v not in (None, "") for v in row[MAX_COLUMNS:]):
            raise ClientError(TOO_WIDE)
        body.append([_clean(v) for v in row[: len(header)]])
    while body and _blank(body[-1]):
        body.pop()
    if not any(not _blank(r) for r in body):
        raise ClientError(NO_ROWS)
    return Table(header, body)
