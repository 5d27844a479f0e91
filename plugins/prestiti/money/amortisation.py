"""French amortisation (ammortamento alla francese): a constant instalment, interest on the
residual at the monthly rate TAN / 12, each row to the cent, the last instalment absorbing the
rounding so the principal repaid is exactly the amount financed.

Exact, not approximated: the monthly rate TAN / 1200 is a fraction ``p / q`` of integers and
the instalment ``A · r · (1 + r)ⁿ / ((1 + r)ⁿ − 1)`` a fraction of (large) integers, rounded
half up to the cent once; each row's interest is ``residual · p / q`` rounded half up. The
browser's twin (web/src/lib/amortisation.ts) does the same with BigInt, so both agree to the
cent on every input.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from plugins.prestiti.money import inputs
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.italian import euro_text, rate_text


@dataclass(frozen=True, slots=True)
class Row:
    """One month of the plan (all amounts in euro, to the cent)."""

    number: int
    """1 for the first instalment, due a month after the money is paid out."""
    instalment: Decimal
    interest: Decimal
    principal: Decimal
    """The share of the instalment repaying the amount financed (quota capitale)."""
    residual: Decimal
    """What remains owed after this instalment (debito residuo); 0.00 after the last."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """The plan of a loan: its terms, the regular instalment and one row a month."""

    amount: Decimal
    """The amount financed (importo finanziato), on which interest runs."""
    tan: Decimal
    """The yearly nominal rate in % (7.5 is 7,5 %)."""
    months: int
    instalment: Decimal
    """The regular instalment (rata): every row's but perhaps the last."""
    rows: tuple[Row, ...]

    @property
    def last_instalment(self) -> Decimal:
        """The last row's instalment: the regular one give or take the rounding it absorbs."""
        return self.rows[-1].instalment

    @property
    def total_interest(self) -> Decimal:
        return sum((row.interest for row in self.rows), Decimal("0.00"))

    @property
    def total_paid(self) -> Decimal:
        """Every instalment added up: the amount financed plus the interest."""
        return sum((row.instalment for row in self.rows), Decimal("0.00"))


def monthly_rate(tan: Decimal) -> Fraction:
    """TAN / 12 as an exact fraction: ``7.5`` % → 1/160."""
    return Fraction(tan) / 1200


def _half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (both ≥ 0, denominator > 0) rounded half up."""
    return (2 * numerator + denominator) // (2 * denominator)


CENT = Decimal("0.01")


def _euro(cents: int) -> Decimal:
    return Decimal(cents) * CENT  # exact, two decimals: 0 → 0.00


def _instalment_cents(amount_cents: int, rate: Fraction, months: int) -> int:
    if rate == 0:
        return _half_up(amount_cents, months)
    p, q = rate.numerator, rate.denominator
    grown = (q + p) ** months
    return _half_up(amount_cents * p * grown, q * (grown - q**months))


def instalment(amount: Decimal, tan: Decimal, months: int) -> Decimal:
    """The regular instalment of ``amount`` at ``tan`` % over ``months`` months, half up to
    the cent; with a TAN of 0 the amount divided by the months."""
    amount = inputs.amount(amount, "Importo finanziato")
    tan = inputs.rate(tan)
    months = inputs.months(months)
    return _euro(_instalment_cents(int(amount * 100), monthly_rate(tan), months))


def schedule(amount: Decimal, tan: Decimal, months: int) -> Schedule:
    """The whole plan. Refused when the rounded instalment cannot amortise the amount in
    exactly ``months`` rows, every one repaying some principal: an amount too small for the
    duration (the rounding would repay it early), or a rate so high for the duration that an
    early instalment would not even cover its interest."""
    amount = inputs.amount(amount, "Importo finanziato")
    tan = inputs.rate(tan)
    months = inputs.months(months)
    rate = monthly_rate(tan)
    p, q = rate.numerator, rate.denominator
    regular = _instalment_cents(int(amount * 100), rate, months)
    residual = int(amount * 100)
    rows: list[Row] = []
    regular_euro = _euro(regular)
    for number in range(1, months + 1):
        interest = (2 * residual * p + q) // (2 * q)  # residual · p / q, half up
        if number < months:
            principal = regular - interest
            if not 0 < principal < residual:
                raise LoanRuleError(_unfit(amount, tan, months, regular, number, interest))
            paid = regular_euro
        else:
            principal = residual
            paid = _euro(principal + interest)
        residual -= principal
        rows.append(Row(number, paid, _euro(interest), _euro(principal), _euro(residual)))
    return Schedule(amount, tan, months, regular_euro, tuple(rows))


def _unfit(
    amount: Decimal, tan: Decimal, months: int, regular: int, number: int, interest: int
) -> str:
    terms = f"{euro_text(amount)} al TAN {rate_text(tan)} in {months} mesi"
    if regular <= interest:
        return (
            f"Piano non ammortizzabile ({terms}): la rata di {euro_text(_euro(regular))} non "
            f"copre gli interessi della rata {number} ({euro_text(_euro(interest))})"
        )
    return (
        f"Piano non ammortizzabile ({terms}): la rata arrotondata di "
        f"{euro_text(_euro(regular))} estinguerebbe il debito alla rata {number}, prima della "
        f"scadenza; importo troppo basso per la durata"
    )
