"""Cessione del quinto (DPR 180/1950, art. 5, extended to private employees and pensioners by
L. 311/2004 and L. 80/2005): the instalment withheld from pay may not exceed one fifth of the
net monthly salary or pension ("fino al quinto … valutato al netto di ritenute"), and the loan
may not last more than ten years ("per periodi non superiori a dieci anni"): 120 months. A
delegazione di pagamento is held to the same fifth and ten years, as lenders and employers
apply them under the same decree and its regulation (DPR 895/1950).

The fifth is compared exactly: the instalment times five against the net pay, so an instalment
of exactly one fifth is admitted and one cent more is not. (Not checked here: a pension's
protected minimum, and the half of the net pay that a cessione and a delegazione together may
not exceed.)
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal

from plugins.prestiti.money import inputs
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.italian import euro_text
from plugins.prestiti.money.kinds import LoanKind, loan_kind

MAX_MONTHS = 120
"""Ten years (DPR 180/1950, art. 5)."""


def _pay_words(kind: LoanKind) -> str:
    if not loan_kind(kind).on_pay:
        raise LoanRuleError(f"{loan_kind(kind).label}: non è una cessione né una delegazione")
    if kind == LoanKind.CESSIONE_QUINTO_PENSIONE:
        return "della pensione netta mensile"
    return "dello stipendio netto mensile"


def max_instalment(net_pay: Decimal) -> Decimal:
    """The largest instalment in cents that is at most a fifth of ``net_pay``: 1.234,56 € →
    246,91 € (a fifth is 246,912 €; 246,92 € would exceed it)."""
    net_pay = inputs.amount(net_pay, "Netto mensile")
    return (net_pay / 5).quantize(inputs.CENT, rounding=ROUND_DOWN)


def check_fifth(
    instalment: Decimal, net_pay: Decimal, kind: LoanKind = LoanKind.CESSIONE_QUINTO_STIPENDIO
) -> None:
    """Refuse an instalment above one fifth of the net monthly pay, naming both figures."""
    words = _pay_words(kind)
    instalment = inputs.amount(instalment, "Rata")
    net_pay = inputs.amount(net_pay, "Netto mensile")
    if instalment * 5 > net_pay:
        raise LoanRuleError(
            f"La rata di {euro_text(instalment)} supera il quinto {words} di "
            f"{euro_text(net_pay)}: al massimo {euro_text(max_instalment(net_pay))}",
            extra={"instalment": str(instalment), "maxInstalment": str(max_instalment(net_pay))},
        )


def check_duration(months: int, kind: LoanKind = LoanKind.CESSIONE_QUINTO_STIPENDIO) -> None:
    """Refuse a duration over 120 months."""
    _pay_words(kind)
    if isinstance(months, int) and not isinstance(months, bool) and months > MAX_MONTHS:
        raise LoanRuleError(
            f"{loan_kind(kind).label}: la durata di {months} mesi supera il massimo di "
            f"{MAX_MONTHS} mesi (10 anni, DPR 180/1950)"
        )
    inputs.months(months, maximum=MAX_MONTHS)


def check_cessione(
    instalment: Decimal,
    net_pay: Decimal,
    months: int,
    kind: LoanKind = LoanKind.CESSIONE_QUINTO_STIPENDIO,
) -> None:
    """Both limits of a loan repaid from pay."""
    check_duration(months, kind)
    check_fifth(instalment, net_pay, kind)
