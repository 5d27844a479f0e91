"""What a loan figure may be before any rule reads it: euro amounts to the cent within bounds,
whole months within bounds, rates in % within bounds; anything else is a
:class:`~plugins.prestiti.money.errors.LoanRuleError` naming the field and the value."""

from __future__ import annotations

from decimal import Decimal

from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.italian import euro_text, months_text, rate_text

CENT = Decimal("0.01")
MAX_AMOUNT = Decimal("10000000.00")
"""The largest amount financed the line admits (a mortgage of ten million euro)."""
MAX_MONTHS = 480
"""The longest duration the line admits: 40 years (mortgages); cessione has its own 120."""
MAX_RATE = Decimal(50)
"""The highest TAN the line admits, in %: far above any usury threshold ever published."""
RATE_PLACES = Decimal("0.0001")
"""A TAN has at most four decimals (the plan's exact fractions stay small)."""


def _decimal(value: object, label: str) -> Decimal:
    """``value`` as a finite Decimal (an int is exact); a float or text is refused: money is
    typed as Decimal from its text, never through binary floating point."""
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise LoanRuleError(f"{label}: valore non numerico ({value!r})")
    number = Decimal(value)
    if not number.is_finite():
        raise LoanRuleError(f"{label}: valore non numerico ({value})")
    return number


def _shown(number: Decimal) -> str:
    """``number`` in euro as the screens write it; plainly when too large to group."""
    return euro_text(number) if abs(number) < 10**15 else f"{number} €"


def amount(value: object, label: str, *, allow_zero: bool = False) -> Decimal:
    """An amount in euro: at most two decimals, above zero (or zero when ``allow_zero``), at
    most :data:`MAX_AMOUNT`."""
    number = _decimal(value, label)
    if number < 0 or (number == 0 and not allow_zero):
        raise LoanRuleError(f"{label} dev'essere maggiore di zero, non {_shown(number)}")
    if number > MAX_AMOUNT:
        raise LoanRuleError(
            f"{label} di {_shown(number)} oltre il massimo di {euro_text(MAX_AMOUNT)}"
        )
    if number != number.quantize(CENT):
        raise LoanRuleError(f"{label}: al massimo due decimali (euro e centesimi), non {number}")
    return number.quantize(CENT)


def months(value: object, label: str = "Durata", *, maximum: int = MAX_MONTHS) -> int:
    """A duration in whole months, from 1 to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise LoanRuleError(f"{label}: un numero intero di mesi, non {value!r}")
    if value < 1:
        raise LoanRuleError(f"{label} dev'essere di almeno un mese, non {value}")
    if value > maximum:
        raise LoanRuleError(
            f"{label} di {months_text(value)} oltre il massimo di {months_text(maximum)}"
        )
    return value


def percent(value: object, label: str) -> Decimal:
    """A share in %, not negative."""
    number = _decimal(value, label)
    if number < 0:
        raise LoanRuleError(f"{label} non può essere negativo ({rate_text(number)})")
    return number


def rate(value: object, label: str = "TAN") -> Decimal:
    """A yearly rate in %, from 0 to :data:`MAX_RATE`."""
    number = percent(value, label)
    if number != number.quantize(RATE_PLACES):
        raise LoanRuleError(f"{label}: al massimo quattro decimali, non {number}")
    if number > MAX_RATE:
        raise LoanRuleError(
            f"{label} del {rate_text(number)} oltre il massimo del {rate_text(MAX_RATE)}"
        )
    return number
