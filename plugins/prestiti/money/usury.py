"""The usury threshold (L. 108/1996, art. 2 c. 4 as amended by d.l. 70/2011, art. 8 c. 5 d):
the average rate (TEGM) of the loan's category and amount band, published each quarter by
decree on Banca d'Italia's survey, raised by a quarter plus 4 points, at most 8 points above
the average:

    soglia = min(TEGM × 1.25 + 4, TEGM + 8)

The law calls usurious a rate *above* the threshold; the line refuses a practice whose rate is
*equal to or above* it, a margin of prudence. The rate compared is the one stated to the
customer, to two decimals (the TAEG here; the survey's TEG counts costs slightly differently —
taxes out, some insurance in — and may be passed instead).

Categories are Banca d'Italia's (Istruzioni per la rilevazione dei TEGM, sez. B1); a
delegazione di pagamento falls with the cessione del quinto, to which the Istruzioni assimilate
it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum
from typing import Any

from plugins.prestiti.money import inputs
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.italian import percent_text, rate_text, whole_euro_text
from plugins.prestiti.money.kinds import LoanKind, loan_kind


class Category(StrEnum):
    """Categories of the quarterly TEGM decree that the line's loans fall in."""

    CESSIONE_QUINTO = "Prestiti contro cessione del quinto dello stipendio e della pensione"
    CREDITO_PERSONALE = "Credito personale"
    CREDITO_FINALIZZATO = "Credito finalizzato"
    MUTUO_TASSO_FISSO = "Mutui con garanzia ipotecaria a tasso fisso"
    MUTUO_TASSO_VARIABILE = "Mutui con garanzia ipotecaria a tasso variabile"
    ALTRI_FINANZIAMENTI = "Altri finanziamenti"


def category_of(kind: LoanKind, *, fixed_rate: bool = True) -> Category:
    """The category a kind of loan is surveyed in (a mortgage by its kind of rate)."""
    match loan_kind(kind):
        case LoanKind.PRESTITO_PERSONALE:
            return Category.CREDITO_PERSONALE
        case LoanKind.MUTUO:
            return Category.MUTUO_TASSO_FISSO if fixed_rate else Category.MUTUO_TASSO_VARIABILE
        case _:
            return Category.CESSIONE_QUINTO


def threshold(tegm: Decimal) -> Decimal:
    """The usury threshold in % for an average rate in %: exact, as the decrees publish it
    (``10.58`` → ``17.2250``)."""
    return min(tegm * Decimal("1.25") + 4, tegm + 8)


@dataclass(frozen=True, slots=True)
class Tegm:
    """One line of a quarterly decree: a category, an amount band, its average rate."""

    category: Category
    tegm: Decimal
    """The average rate (tasso effettivo globale medio) in %."""
    valid_from: date
    valid_to: date
    """Both included: a quarter, 1 January to 31 March …"""
    above: Decimal = Decimal(0)
    """The band holds amounts above this ('oltre 15.000'); 0 for the first band."""
    up_to: Decimal | None = None
    """… and up to this, included ('fino a 15.000'); ``None`` when unbounded."""

    def __post_init__(self) -> None:
        if not self.tegm.is_finite() or self.tegm < 0:
            raise ValueError(f"TEGM {self.tegm}: un tasso non negativo")
        if self.valid_to < self.valid_from:
            raise ValueError(f"validità dal {self.valid_from} al {self.valid_to}: date invertite")
        if self.above < 0 or (self.up_to is not None and self.up_to <= self.above):
            raise ValueError(f"fascia d'importo oltre {self.above} fino a {self.up_to}: vuota")

    @property
    def threshold(self) -> Decimal:
        return threshold(self.tegm)

    def covers(self, category: Category, amount: Decimal, on: date) -> bool:
        return (
            self.category == category
            and self.valid_from <= on <= self.valid_to
            and amount > self.above
            and (self.up_to is None or amount <= self.up_to)
        )

    @property
    def band(self) -> str:
        """'fino a 15.000 €', 'oltre 15.000 €', 'da 5.000 € a 15.000 €', 'ogni importo'."""
        if self.up_to is None:
            return f"oltre {whole_euro_text(self.above)}" if self.above else "ogni importo"
        if self.above:
            return f"da {whole_euro_text(self.above)} a {whole_euro_text(self.up_to)}"
        return f"fino a {whole_euro_text(self.up_to)}"


def quarter(year: int, number: int) -> tuple[date, date]:
    """The first and last day of a quarter: ``quarter(2020, 3)`` → 1 July, 30 September 2020."""
    if number not in (1, 2, 3, 4):
        raise ValueError(f"trimestre {number}: da 1 a 4")
    following = date(year + 1, 1, 1) if number == 4 else date(year, 3 * number + 1, 1)
    return date(year, 3 * number - 2, 1), following - timedelta(days=1)


def parse_table(rows: Iterable[Mapping[str, Any]]) -> tuple[Tegm, ...]:
    """A decree's lines as stored (settings, a JSON file): ``category`` (its text), ``tegm``,
    ``from`` and ``to`` (ISO days), optional ``above`` and ``upTo`` — numbers as text."""
    table = []
    for row in rows:
        try:
            up_to = row.get("upTo")
            table.append(
                Tegm(
                    category=Category(row["category"]),
                    tegm=Decimal(str(row["tegm"])),
                    valid_from=date.fromisoformat(row["from"]),
                    valid_to=date.fromisoformat(row["to"]),
                    above=Decimal(str(row.get("above", 0))),
                    up_to=None if up_to is None else Decimal(str(up_to)),
                )
            )
        except (KeyError, ValueError, ArithmeticError) as error:
            raise LoanRuleError(f"Tabella TEGM: riga non valida {dict(row)!r} ({error})") from None
    return tuple(table)


def tegm_for(table: Iterable[Tegm], category: Category, amount: Decimal, on: date) -> Tegm:
    """The decree line for a practice: its category, its amount, the day it is agreed."""
    amount = inputs.amount(amount, "Importo")
    found = [row for row in table if row.covers(category, amount, on)]
    if len(found) != 1:
        what = "Nessun" if not found else "Più di un"
        raise LoanRuleError(
            f"{what} tasso medio (TEGM) per {category} di {whole_euro_text(amount)} "
            f"al {on:%d/%m/%Y}: aggiornare la tabella dei tassi d'usura"
        )
    return found[0]


def is_usurious(rate: Decimal, row: Tegm) -> bool:
    """Whether a rate in % reaches the row's threshold (equal counts, see the module)."""
    return rate >= row.threshold


def check_usury(rate: Decimal, row: Tegm, *, name: str = "TAEG") -> None:
    """Refuse a rate reaching the threshold, naming both rates and the decree line."""
    if is_usurious(rate, row):
        raise LoanRuleError(
            f"{name} {percent_text(rate)} pari o superiore alla soglia d'usura "
            f"{rate_text(row.threshold)} ({row.category}, {row.band}; tasso medio "
            f"{rate_text(row.tegm)} in vigore dal {row.valid_from:%d/%m/%Y} al "
            f"{row.valid_to:%d/%m/%Y}): pratica non ammissibile (L. 108/1996)",
            extra={"rate": str(rate), "threshold": str(row.threshold)},
        )
