"""Early repayment (rimborso anticipato, TUB art. 125-sexies) on a chosen day: the principal
still owed after the instalments due by then, and the refund of the up-front costs.

The consumer is owed a reduction of the total cost of credit equal to the interest and costs
of the remaining life of the contract. The Court of Justice (Lexitor, C-383/18, 11 September
2019) read that as *all* costs, up-front ones included; d.l. 73/2021 (art. 11-octies, the
'Sostegni-bis' conversion law 106/2021) rewrote art. 125-sexies accordingly for contracts from
25 July 2021 — up-front costs reduced by the method the contract states, else pro rata — and
kept the old rules (recurring costs only) for older contracts, a split the Constitutional Court
struck down (sentenza 263/2022). So here every up-front cost is refunded pro rata temporis:

    refund = cost × remaining months / total months   (each cost half up to the cent)

Interest not yet accrued is simply not owed: the residual principal is the payoff before the
interest of the running month and any compensation to the lender (at most 1 % of the principal
repaid, 0.5 % with a year or less to run; art. 125-sexies c. 2), which this module leaves out.
"""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from plugins.prestiti.money import inputs
from plugins.prestiti.money.amortisation import Schedule
from plugins.prestiti.money.errors import LoanRuleError


@dataclass(frozen=True, slots=True)
class EarlyRepayment:
    on: date
    paid: int
    """Instalments due on or before :attr:`on` (taken as paid)."""
    remaining_months: int
    residual: Decimal
    """The principal still owed (debito residuo) after those instalments."""
    refunds: Mapping[str, Decimal]
    """Each up-front cost's refund, by its name."""

    @property
    def refund(self) -> Decimal:
        return sum(self.refunds.values(), Decimal("0.00"))

    @property
    def due(self) -> Decimal:
        """What the consumer pays to close the loan: the residual less the refund (a refund
        larger than the residual is owed back to them: negative)."""
        return self.residual - self.refund


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later, or that month's last day: 31 Jan + 1 → 28/29 Feb."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def due_dates(loan: Schedule, first_due: date) -> list[date]:
    """The instalments' due days, one a month from ``first_due``."""
    return [add_months(first_due, row.number - 1) for row in loan.rows]


def pro_rata(cost: Decimal, remaining: int, total: int) -> Decimal:
    """``cost × remaining / total`` half up to the cent."""
    return (cost * remaining / total).quantize(inputs.CENT, rounding=ROUND_HALF_UP)


def early_repayment(
    loan: Schedule, first_due: date, on: date, upfront: Mapping[str, Decimal]
) -> EarlyRepayment:
    """The loan repaid on ``on``: instalments due by that day are paid, the rest is not owed;
    each of ``upfront`` (istruttoria, premio assicurativo …) refunded for the months left."""
    costs = {name: inputs.amount(cost, name, allow_zero=True) for name, cost in upfront.items()}
    dues = due_dates(loan, first_due)
    if on >= dues[-1]:
        raise LoanRuleError(
            f"Il finanziamento è già estinto al {on:%d/%m/%Y}: l'ultima rata scade il "
            f"{dues[-1]:%d/%m/%Y}"
        )
    paid = sum(1 for day in dues if day <= on)
    remaining = loan.months - paid
    residual = loan.rows[paid - 1].residual if paid else loan.amount
    refunds = {name: pro_rata(cost, remaining, loan.months) for name, cost in costs.items()}
    return EarlyRepayment(on, paid, remaining, residual, refunds)
