"""Money, exact: :class:`~decimal.Decimal` euros rounded half up to the cent, as an invoice is;
reading amounts and a user's commission rates (``provv``) from stored JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

CENT = Decimal("0.01")
ZERO = Decimal(0)


def cents(value: Decimal) -> Decimal:
    """``value`` rounded half up to the cent."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def euro_text(value: Decimal) -> str:
    """``1050`` → ``1.050,00 €``: it-IT, grouped, half-up to the cent, as the screens show it."""
    rounded = cents(value)
    grouped = f"{abs(rounded):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    return f"{'-' if rounded < 0 else ''}{grouped} €"


def to_cents(value: Decimal) -> int:
    return int(cents(value) * 100)


def from_cents(value: int) -> Decimal:
    return (Decimal(value) / 100).quantize(CENT)


def decimal_or_none(value: Any) -> Decimal | None:
    """A finite number as a Decimal (through its text, so 0.1 stays 0.1), else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return None
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def amount(value: Any) -> Decimal | None:
    """A finite number ≥ 0 as euros, else ``None``."""
    number = decimal_or_none(value)
    return number if number is not None and number >= 0 else None


def as_number(value: Decimal) -> float | int:
    """A cent amount as a JSON number (exact for two decimals when read back as text)."""
    whole = cents(value)
    return int(whole) if whole == whole.to_integral_value() else float(whole)


def provv_rate(
    provv: Mapping[str, Any],
    field: str,
    keys: tuple[str | None, ...],
    read: Callable[[Any], Decimal | None] = decimal_or_none,
) -> Decimal:
    """A user's commission rate in %: ``provv[key][field]`` for the first of ``keys`` that
    has it (a product id, a line), else ``provv.default``, else 0."""
    for key in keys:
        specific = provv.get(key) if key else None
        if isinstance(specific, Mapping):
            rate = read(specific.get(field))
            if rate is not None:
                return rate
    return read(provv.get("default")) or ZERO
