"""Reading a company's statement (estratto conto della compagnia): CSV (``;`` or ``,``
between fields, UTF-8 or Windows-1252) or XLSX (its first sheet), a header line naming the
columns, then one line per policy and instalment.

Columns, by their header (case and spacing aside): the policy number (``polizza``, ``numero
polizza``…) and the amount collected, gross (``importo``, ``premio lordo``…) are required;
the instalment (``rata``; empty: 1, the single payment of a UNICO policy too) and the
commission (``provvigione``) are optional. Amounts are read in Italian (``1.234,56``) or plain
(``1234.56``) notation, signed. A file larger than :data:`MAX_BYTES` or longer than
:data:`MAX_LINES` lines is refused, and so is any line that cannot be read, by its number."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from core.csv_files import csv_rows
from core.errors import ClientError
from core.money import cents

MAX_BYTES = 2 * 1024 * 1024
MAX_LINES = 10_000
MAX_AMOUNT = Decimal("100000000")
MAX_INSTALMENT = 999

TOO_BIG = "Il file supera i 2 MB: dividi l'estratto"
TOO_LONG = f"L'estratto supera le {MAX_LINES:,} righe: dividilo".replace(",", ".")
EMPTY = "Il file è vuoto"
NOT_TEXT = "Il file non è un CSV leggibile né un XLSX"
BAD_XLSX = "Il file XLSX non si legge: salvalo di nuovo o esportalo in CSV"
NO_COLUMNS = (
    "Colonne mancanti: servono almeno il numero di polizza («Polizza») e l'importo "
    "(«Importo»); trovate: {found}"
)
NO_NUMBER = "Riga {line}: manca il numero di polizza"
LONG_NUMBER = "Riga {line}: numero di polizza troppo lungo"
BAD_INSTALMENT = "Riga {line}: numero di rata non valido «{value}»"
BAD_AMOUNT = "Riga {line}: importo non valido «{value}»"
BAD_COMMISSION = "Riga {line}: provvigione non valida «{value}»"
NO_LINES = "L'estratto non ha righe dopo l'intestazione"

HEADERS: dict[str, tuple[str, ...]] = {
    "number": ("polizza", "numero polizza", "n polizza", "nr polizza", "num polizza",
               "policy", "policy number", "numero"),
    "instalment": ("rata", "n rata", "numero rata", "nr rata", "instalment"),
    "gross": ("importo", "premio", "premio lordo", "lordo", "importo lordo", "incassato",
              "amount", "gross"),
    "commission": ("provvigione", "provvigioni", "commissione", "commission"),
}  # fmt: skip
ITALIAN = re.compile(r"[-+]?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?")
PLAIN = re.compile(r"[-+]?\d+(\.\d{1,2})?")


@dataclass(frozen=True, slots=True)
class Line:
    """One statement line: its number in the file (the header is line 1)."""

    line: int
    number: str
    instalment: int
    gross: Decimal
    commission: Decimal | None


def _name(header: Any) -> str:
    text = re.sub(r"[^a-z ]", " ", str(header or "").lower())
    return " ".join(text.split())


def _columns(header: Sequence[Any]) -> dict[str, int]:
    names = [_name(h) for h in header]
    found: dict[str, int] = {}
    for key, options in HEADERS.items():
        for index, name in enumerate(names):
            if name in options and key not in found:
                found[key] = index
    if "number" not in found or "gross" not in found:
        shown = ", ".join(f"«{str(h)[:30]}»" for h in header if str(h or "").strip()) or "nessuna"
        raise ClientError(NO_COLUMNS.format(found=shown[:300]))
    return found


def parse_amount(value: Any) -> Decimal | None:
    """``1.234,56``, ``1234,56``, ``1234.56``, ``-80`` or a spreadsheet's number → euros to
    the cent; ``None`` when it is not an amount."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            return None
        return cents(number) if number.is_finite() and abs(number) < MAX_AMOUNT else None
    text = str(value or "").replace("€", "").replace("\u00a0", "").replace(" ", "")
    if "," in text or not PLAIN.fullmatch(text):  # Italian: '.' groups thousands
        if not ITALIAN.fullmatch(text):
            return None
        text = text.replace(".", "").replace(",", ".")
    number = Decimal(text)
    return cents(number) if abs(number) < MAX_AMOUNT else None


def _cell(row: Sequence[Any], index: int | None) -> Any:
    if index is None or index >= len(row):
        return None
    value = row[index]
    return value.strip() if isinstance(value, str) else value


def _instalment(value: Any, line: int) -> int:
    if value is None or value == "" or str(value).strip().lower() == "unico":
        return 1
    text = str(value).strip()
    if isinstance(value, float) and value.is_integer():
        text = str(int(value))
    if not text.isdigit() or not 1 <= int(text) <= MAX_INSTALMENT:
        raise ClientError(BAD_INSTALMENT.format(line=line, value=text[:20]))
    return int(text)


def _number(value: Any, line: int) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = " ".join(str(value if value is not None else "").split())
    if not text:
        raise ClientError(NO_NUMBER.format(line=line))
    if len(text) > 100:
        raise ClientError(LONG_NUMBER.format(line=line))
    return text


def _read_line(row: Sequence[Any], columns: dict[str, int], line: int) -> Line:
    number = _number(_cell(row, columns["number"]), line)
    instalment = _instalment(_cell(row, columns.get("instalment")), line)
    raw_gross = _cell(row, columns["gross"])
    gross = parse_amount(raw_gross)
    if gross is None:
        raise ClientError(BAD_AMOUNT.format(line=line, value=str(raw_gross or "")[:30]))
    commission = None
    if "commission" in columns:
        raw = _cell(row, columns["commission"])
        if raw not in (None, ""):
            commission = parse_amount(raw)
            if commission is None:
                raise ClientError(BAD_COMMISSION.format(line=line, value=str(raw)[:30]))
    return Line(line, number, instalment, gross, commission)


def _blank(row: Sequence[Any]) -> bool:
    return all(value is None or str(value).strip() == "" for value in row)


def _lines(rows: Iterator[Sequence[Any]]) -> list[Line]:
    header = next(rows, None)
    if header is None:
        raise ClientError(EMPTY)
    columns = _columns(header)
    read: list[Line] = []
    for index, row in enumerate(rows, start=2):
        if _blank(row):
            continue
        if len(read) >= MAX_LINES:
            raise ClientError(TOO_LONG)
        read.append(_read_line(row, columns, index))
    if not read:
        raise ClientError(NO_LINES)
    return read


def _csv_rows(content: bytes) -> Iterator[Sequence[Any]]:
    return csv_rows(content, NOT_TEXT)


def _xlsx_rows(content: bytes) -> Iterator[Sequence[Any]]:
    try:
        from openpyxl import load_workbook  # loaded with the first statement file

        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        for count, row in enumerate(sheet.iter_rows(values_only=True, max_col=20)):
            if count > MAX_LINES + 1:  # the header, the lines, and one more says "too long"
                break
            yield row
        book.close()
    except ClientError:
        raise
    except Exception as exc:  # whatever a malformed workbook breaks in the reader
        raise ClientError(BAD_XLSX) from exc


def read_statement(content: bytes, name: str = "") -> list[Line]:
    """The statement's lines, or a :class:`ClientError` naming the first problem."""
    if len(content) > MAX_BYTES:
        raise ClientError(TOO_BIG)
    if not content.strip():
        raise ClientError(EMPTY)
    if content[:4] == b"PK\x03\x04" or name.lower().endswith(".xlsx"):
        return _lines(_xlsx_rows(content))
    return _lines(_csv_rows(content))
