"""A premium split read back from where it is stored (an offer's ``price.company[name]``, a
policy's ``taxes``), and the split of a premium known only by its gross."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from core.domain.taxes.rami import RAMI
from core.domain.taxes.split import Line, Premium, Tax, derive_premium, untaxed
from core.domain.taxes.table import TaxTable
from core.money import amount, decimal_or_none


def _lines(stored: Any) -> list[Line]:
    found: list[Line] = []
    for line in stored if isinstance(stored, Sequence) else ():
        net = amount(line.get("net")) if isinstance(line, Mapping) else None
        if net is None or line.get("ramo") not in RAMI:
            continue
        province = line.get("province")
        found.append(Line(str(line["ramo"]), net, province if isinstance(province, str) else None))
    return found


def _taxes(stored: Any) -> list[Tax] | None:
    found: list[Tax] = []
    for tax in stored if isinstance(stored, Sequence) else ():
        if not isinstance(tax, Mapping):
            return None
        numbers = [decimal_or_none(tax.get(key)) for key in ("rate", "base", "amount")]
        if any(n is None for n in numbers):
            return None
        rate, base, value = (n for n in numbers if n is not None)
        found.append(Tax(str(tax.get("ramo") or ""), str(tax.get("label") or ""), rate, base,
                         value))  # fmt: skip
    return found


def stored_premium(offer: Mapping[str, Any]) -> Premium | None:
    """The split an offer stores (``tot``, ``lines``, ``taxes``), when it adds up; else
    ``None`` (an offer saved with only its gross)."""
    gross = amount(offer.get("tot"))
    lines, taxes = _lines(offer.get("lines")), _taxes(offer.get("taxes"))
    if gross is None or not lines or taxes is None:
        return None
    premium = Premium(tuple(lines), tuple(taxes), derived=bool(offer.get("derived")))
    return premium if premium.gross == gross else None


def premium_for_gross(
    gross: Decimal,
    offer: Mapping[str, Any],
    default_ramo: str | None,
    table: TaxTable,
    day: date,
) -> Premium:
    """The split of ``gross`` for ``offer``: the offer's own when its gross is ``gross``;
    else derived over the offer's lines (a rectified premium), else over its ramo or
    ``default_ramo`` (an offer given only its gross), else untaxed (no ramo known)."""
    stored = stored_premium(offer)
    if stored is not None and stored.gross == gross:
        return stored
    if stored is not None:
        return derive_premium(gross, stored.lines, table, day)
    ramo = offer.get("ramo") if offer.get("ramo") in RAMI else default_ramo
    if not ramo:
        return untaxed(gross)
    province = offer.get("province")
    line = Line(str(ramo), Decimal(1), province if isinstance(province, str) else None)
    return derive_premium(gross, [line], table, day)
