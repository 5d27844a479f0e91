"""Matching a company's statement with what was collected, by policy number and instalment.

Both sides are grouped by key: the policy number's key (upper case, spaces removed, as
:func:`core.db.models.policies.number_key`) and the instalment (a UNICO policy's single
payment is instalment 1, as statements list it). Rows of one key are summed on each side (a
refund numbered with its instalment nets against it). Each key gets one result:

* ``ok``: the gross amounts agree, and the commissions too where the statement gives one;
* ``importo_diverso``: both sides have it, with different amounts (both shown);
* ``non_incassato``: on the company's statement, not collected by us in the period;
* ``non_in_estratto``: collected by us, missing from the statement.

Differences come first, then the matches, each by policy number and instalment."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from core.db.models.policies import number_key
from core.domain.remittances.company_file import Line
from core.domain.remittances.figures import Row
from core.money import ZERO

ORDER = {"importo_diverso": 0, "non_incassato": 1, "non_in_estratto": 2, "ok": 3}
DIFFERENCES = ("importo_diverso", "non_incassato", "non_in_estratto")


@dataclass(slots=True)
class Side:
    gross: Decimal = ZERO
    commission: Decimal | None = ZERO
    count: int = 0


@dataclass(slots=True)
class Match:
    number: str
    instalment: int
    result: str
    ours: Side | None
    theirs: Side | None
    lines: list[int] = field(default_factory=list)


def _key(number: str, instalment: int) -> tuple[str, int]:
    return number_key(number) or "", max(instalment, 1)


def reconcile(ours: list[Row], theirs: list[Line]) -> list[Match]:
    """One :class:`Match` per key of either side, differences first."""
    mine: dict[tuple[str, int], Side] = {}
    shown: dict[tuple[str, int], str] = {}
    for row in ours:
        key = _key(row.number, row.n)
        side = mine.setdefault(key, Side())
        side.gross += row.gross
        side.commission = (side.commission or ZERO) + row.commission
        side.count += 1
        shown.setdefault(key, row.number)
    stated: dict[tuple[str, int], Side] = {}
    lines: dict[tuple[str, int], list[int]] = {}
    for line in theirs:
        key = _key(line.number, line.instalment)
        side = stated.setdefault(key, Side())
        side.gross += line.gross
        if line.commission is None or side.commission is None:
            side.commission = None  # a line without commission: the commissions go unchecked
        else:
            side.commission += line.commission
        side.count += 1
        lines.setdefault(key, []).append(line.line)
        shown.setdefault(key, line.number)
    found: list[Match] = []
    for key in mine.keys() | stated.keys():
        a, b = mine.get(key), stated.get(key)
        if a is None:
            result = "non_incassato"
        elif b is None:
            result = "non_in_estratto"
        elif a.gross == b.gross and (b.commission is None or a.commission == b.commission):
            result = "ok"
        else:
            result = "importo_diverso"
        found.append(Match(shown[key], key[1], result, a, b, lines.get(key, [])))
    found.sort(key=lambda f: (ORDER[f.result], number_key(f.number) or "", f.instalment))
    return found
