"""The TAEG (tasso annuo effettivo globale) per Directive 2008/48/EC, Annex I, as TUB art. 121
and Banca d'Italia's transparency provisions (sez. VII) take it over: the yearly rate ``X``
equating what the creditor pays out with what the consumer pays back, each discounted over
its time in years (a month is 1/12 of a year, the Annex's 'equal months'):

    Σₖ Cₖ (1 + X)^(−tₖ) = Σₗ Dₗ (1 + X)^(−sₗ)

The payments Dₗ are the instalments and the costs the law counts in the total cost of credit:
up-front fees (istruttoria, stamp duty, appraisal — deducted from the credit or paid at the
start: the same in the equation), the insurance premium when the policy is a condition of the
credit, collection fees charged with each instalment, the broker's fee (qFattura, paid with
the first instalment). An optional policy is left out (the Directive's art. 3 (g) counts only
services required to obtain the credit; TUB art. 121).

The root is found with floating point (Newton's method on ``v = (1 + X)^(−1/12)``, kept inside
a bracket, falling back to bisection), then checked with :mod:`decimal` at 40 digits: the
present values balance within half a cent at the stated root, and the rate is stated as the
root rounded half up to two decimals of a percent — decided by the sign of the equation at the
two half-way points around it, so no floating-point error can round it the wrong way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext

from plugins.prestiti.money import inputs
from plugins.prestiti.money.amortisation import Schedule
from plugins.prestiti.money.amortisation import schedule as plan
from plugins.prestiti.money.errors import LoanRuleError

HALF_CENT = Decimal("0.005")
PRECISION = 40
"""Digits of the :mod:`decimal` checks."""
MAX_ROOT = 1e4
"""A yearly rate above 1,000,000 % is refused as a data error, not stated."""
ROOT_PLACES = Decimal("1e-12")
"""The unrounded root is stated to 12 decimals (1e-10 of a percent)."""


@dataclass(frozen=True, slots=True)
class Flow:
    """An amount changing hands ``month`` months after the first drawdown."""

    month: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Costs:
    """What the consumer pays besides the instalments (euro, to the cent)."""

    upfront: Decimal = Decimal(0)
    """At the start or deducted from the credit: istruttoria, stamp duty, appraisal (perizia)."""
    insurance: Decimal = Decimal(0)
    """The premium of a policy paid at the start."""
    insurance_required: bool = False
    """Whether the policy is a condition of the credit: only then is it a cost of credit."""
    monthly: Decimal = Decimal(0)
    """Charged with each instalment (spese di incasso rata)."""
    broker: Decimal = Decimal(0)
    """The broker's fee paid with the first instalment (qFattura: first instalment = rata +
    qFattura, SPEC §9)."""

    def at_start(self) -> Decimal:
        """What the consumer pays (or is withheld) at the drawdown."""
        return self.upfront + (self.insurance if self.insurance_required else Decimal(0))


NO_COSTS = Costs()


@dataclass(frozen=True, slots=True)
class Taeg:
    """A TAEG as stated, and the evidence for it."""

    rate: Decimal
    """In %, half up to two decimals: ``Decimal("8.29")``."""
    root: Decimal
    """The unrounded yearly rate as a fraction (0.0829137…), to 12 decimals."""
    residual: Decimal
    """Present value of the payments minus that of the drawdowns at :attr:`root`, in euro:
    within half a cent of zero."""


def loan_flows(loan: Schedule, costs: Costs = NO_COSTS) -> tuple[list[Flow], list[Flow]]:
    """The drawdown and the payments of a loan paid out at once, its first instalment due a
    month later."""
    for value, label in (
        (costs.upfront, "Spese iniziali"),
        (costs.insurance, "Premio assicurativo"),
        (costs.monthly, "Spese mensili"),
        (costs.broker, "Compenso di consulenza"),
    ):
        inputs.amount(value, label, allow_zero=True)
    payments = [Flow(0, costs.at_start())] if costs.at_start() else []
    payments += [
        Flow(row.number, row.instalment + costs.monthly + (costs.broker if row.number == 1 else 0))
        for row in loan.rows
    ]
    return [Flow(0, loan.amount)], payments


def taeg(amount: Decimal, tan: Decimal, months: int, costs: Costs = NO_COSTS) -> Taeg:
    """The TAEG of a French-amortised loan of ``amount`` at ``tan`` % over ``months``."""
    return solve(*loan_flows(plan(amount, tan, months), costs))


def taeg_of(loan: Schedule, costs: Costs = NO_COSTS) -> Taeg:
    """The TAEG of a plan already drawn up."""
    return solve(*loan_flows(loan, costs))


def solve(drawdowns: Sequence[Flow], payments: Sequence[Flow]) -> Taeg:
    """The rate equating the drawdowns and the payments (Annex I, I). Net flows per month must
    change sign once, money out first then back (so the rate exists and is unique), and give
    back at least what was paid out (the rate is not negative)."""
    net = _net_flows(drawdowns, payments)
    guess = _float_root([float(a) for a in net])
    with localcontext() as ctx:
        ctx.prec = PRECISION
        if guess > MAX_ROOT:
            raise LoanRuleError("TAEG oltre il milione per cento: flussi non plausibili")
        root = Decimal(guess).quantize(ROOT_PLACES)
        residual = _present_value(net, root)
        if abs(residual) >= HALF_CENT:  # never seen: the float root is good to ~1e-15
            raise ArithmeticError(f"TAEG: scarto di {residual} € alla radice {root}")
        rate = (root * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        rate = _settle(net, rate)
    # + 0 turns a negative zero (a root of -1e-17) into 0.00
    return Taeg(rate + 0, root + 0, residual.quantize(Decimal("1e-12")))


def _net_flows(drawdowns: Sequence[Flow], payments: Sequence[Flow]) -> list[Decimal]:
    """Payments minus drawdowns, month by month (index = month)."""
    flows = list(drawdowns) + list(payments)
    if not drawdowns or not payments:
        raise LoanRuleError("TAEG: servono almeno un'erogazione e un pagamento")
    for flow in flows:
        if isinstance(flow.month, bool) or not isinstance(flow.month, int) or flow.month < 0:
            raise LoanRuleError(f"TAEG: mese non valido ({flow.month!r})")
        if flow.month > inputs.MAX_MONTHS:
            raise LoanRuleError(f"TAEG: mese {flow.month} oltre il massimo di {inputs.MAX_MONTHS}")
        inputs.amount(flow.amount, "TAEG: importo del flusso", allow_zero=True)
    net = [Decimal(0)] * (max(flow.month for flow in flows) + 1)
    for flow in drawdowns:
        net[flow.month] -= flow.amount
    for flow in payments:
        net[flow.month] += flow.amount
    signs = [a > 0 for a in net if a]
    if not signs or signs[0] or not signs[-1] or signs != sorted(signs):
        raise LoanRuleError(
            "TAEG: i flussi devono essere prima erogazioni e poi rimborsi (un solo cambio di "
            "segno), altrimenti il tasso non è unico"
        )
    if sum(net) < 0:
        raise LoanRuleError(
            "TAEG: i pagamenti non restituiscono nemmeno le somme erogate (tasso negativo)"
        )
    return net


def _float_root(net: list[float]) -> float:
    """The yearly rate X with Σ aₘ vᵐ = 0, v = (1 + X)^(−1/12), in floating point."""

    def value_and_slope(v: float) -> tuple[float, float]:
        value = slope = 0.0
        for a in reversed(net):  # Horner, with the derivative alongside
            slope = slope * v + value
            value = value * v + a
        return value, slope

    # g(v) · v^(−k) increases with v > 0 (one sign change, negatives first): bracket its root,
    # then Newton's steps while they land inside the bracket and halve the error at least,
    # bisection otherwise (Numerical Recipes' rtsafe). From the bracket's top Newton descends
    # without overshooting where g is convex, as with a single drawdown.
    if value_and_slope(1.0)[0] == 0:
        return 0.0
    low, high = 1.0, 1.0
    while value_and_slope(low)[0] >= 0:
        low /= 2
    while value_and_slope(high)[0] <= 0:
        high *= 2
    v, step, previous = high, high - low, high - low
    for _ in range(400):
        value, slope = value_and_slope(v)
        if value == 0:
            break
        if value < 0:
            low = v
        else:
            high = v
        newton = v - value / slope if slope > 0 else low - 1
        if abs(newton - v) <= 1e-15 * v:
            v = newton
            break
        if not low < newton < high or abs(2 * value) > abs(previous * slope):
            previous, step = step, (high - low) / 2
            following = low + step
        else:
            previous, step = step, v - newton
            following = newton
        if abs(following - v) <= 1e-15 * v:
            v = following
            break
        v = following
    return float(v**-12 - 1)


def _present_value(net: Iterable[Decimal], x: Decimal) -> Decimal:
    """Σ aₘ (1 + x)^(−m/12), with the context's precision."""
    step = (1 + x) ** (Decimal(-1) / 12)
    total, factor = Decimal(0), Decimal(1)
    for a in net:
        total += a * factor
        factor *= step
    return total


def _settle(net: list[Decimal], rate: Decimal) -> Decimal:
    """``rate`` (in %, two decimals) moved until the root lies in [rate − 0.005, rate + 0.005)
    % — half up — read from the sign of the equation at those two points (it falls as the rate
    rises)."""
    half = Decimal("0.005")
    for _ in range(10):
        if _present_value(net, (rate - half) / 100) < 0:
            rate -= Decimal("0.01")
        elif _present_value(net, (rate + half) / 100) >= 0:
            rate += Decimal("0.01")
        else:
            return rate
    raise ArithmeticError(f"TAEG: arrotondamento instabile intorno a {rate} %")
