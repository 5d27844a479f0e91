"""Rows of a CSV file as brokers' and companies' systems write them: UTF-8 (with or without
its mark), else Windows-1252; ``;`` or ``,`` between fields, guessed from the first line (a
tab too where the caller allows it). The portfolio import and the remittances' company files
read them the same way."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from typing import Any

from core.errors import ClientError


def decoded(content: bytes, refused: str, *, nul_scan: int | None = None) -> str:
    """The text, or a 400 saying ``refused`` for a binary file (a NUL byte in the whole file,
    or in its first ``nul_scan`` bytes)."""
    if b"\x00" in (content if nul_scan is None else content[:nul_scan]):
        raise ClientError(refused)
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        return content.decode("windows-1252", errors="replace")


def delimiter_of(first_line: str, *, tabs: bool = False) -> str:
    """``;`` where the line has at least as many as ``,`` (and one), else ``,``; with ``tabs``,
    a tab where the line has more of them than of either."""
    found = ";" if first_line.count(";") >= first_line.count(",") and ";" in first_line else ","
    if tabs and first_line.count("\t") > max(first_line.count(";"), first_line.count(",")):
        return "\t"
    return found


def csv_rows(
    content: bytes, refused: str, *, nul_scan: int | None = None, tabs: bool = False
) -> Iterator[Sequence[Any]]:
    """The file's rows, header included; ``refused`` as a 400 for a file that is no CSV."""
    text = decoded(content, refused, nul_scan=nul_scan)
    delimiter = delimiter_of(text.split("\n", 1)[0], tabs=tabs)
    try:
        yield from csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    except csv.Error as exc:
        raise ClientError(refused) from exc
