"""Loans' money rules at volume: 10,000 TAEG solutions and 10,000 amortisation plans.

``python -m bench loans`` (``BENCH_LOANS`` practices, default 10,000) draws a mix of personal
loans, cessioni del quinto and mortgages with their costs (seeded, the same every run) and
times, per practice, the line's rules (plugins/prestiti/money) beside a peer measured in the
same run on the same practices: what a plain implementation would do with binary floating
point — a schedule rounding each row with ``round(x, 2)``, a TAEG by Newton's method on the
yearly rate rounded with ``round(x, 2)``. The table also counts where the peer's figures
differ from the exact ones: what the exactness is for.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from decimal import Decimal
from typing import TypeVar

from plugins.prestiti.money.amortisation import Schedule, schedule
from plugins.prestiti.money.taeg import Costs, loan_flows, solve

LOANS = int(os.environ.get("BENCH_LOANS", "10000"))
T = TypeVar("T")
Practice = tuple[Decimal, Decimal, int, Costs]


def practices(count: int, seed: int = 7) -> list[Practice]:
    """Personal loans (1.000–50.000 €, 12–120 months, 3–15 %), cessioni (5.000–75.000 €,
    24–120 months, 4–9 %, a required policy) and mortgages (50.000–400.000 €, 10–30 years,
    1,5–5 %), half, a third and a sixth of the mix."""
    rng = random.Random(seed)
    drawn: list[Practice] = []
    for _ in range(count):
        kind = rng.choices(("prestito", "cessione", "mutuo"), (3, 2, 1))[0]
        if kind == "prestito":
            amount, months, tan = (
                rng.randint(1000, 50000),
                rng.randint(12, 120),
                rng.randint(300, 1500),
            )
            costs = Costs(
                upfront=Decimal(rng.randint(0, 400)), monthly=Decimal(rng.choice((0, 1, 2)))
            )
        elif kind == "cessione":
            amount, months, tan = (
                rng.randint(5000, 75000),
                rng.choice((24, 36, 48, 60, 72, 84, 96, 120)),
                rng.randint(400, 900),
            )
            costs = Costs(
                upfront=Decimal(rng.randint(200, 900)),
                insurance=Decimal(rng.randint(300, 2500)),
                insurance_required=True,
            )
        else:
            amount, months, tan = (
                rng.randint(50000, 400000),
                12 * rng.randint(10, 30),
                rng.randint(150, 500),
            )
            costs = Costs(upfront=Decimal(rng.randint(500, 3000)), monthly=Decimal("1.50"))
        drawn.append((Decimal(amount), Decimal(tan).scaleb(-2), months, costs))
    return drawn


def float_schedule(amount: float, tan: float, months: int) -> list[float]:
    """The peer's plan: instalments in float, each row rounded with ``round``."""
    r = tan / 1200
    regular = round(amount / months if r == 0 else amount * r / (1 - (1 + r) ** -months), 2)
    residual, instalments = amount, []
    for number in range(1, months + 1):
        interest = round(residual * r, 2)
        principal = residual if number == months else regular - interest
        residual = round(residual - principal, 2)
        instalments.append(round(principal + interest, 2))
    return instalments


def float_taeg(net: list[tuple[int, float]], guess: float) -> float:
    """The peer's TAEG: Newton on the yearly rate, rounded with ``round``."""
    x = guess
    for _ in range(100):
        value = sum(a * (1 + x) ** (-m / 12) for m, a in net)
        slope = sum(-m / 12 * a * (1 + x) ** (-m / 12 - 1) for m, a in net)
        step = value / slope
        x -= step
        if abs(step) < 1e-12:
            break
    return round(x * 100, 2)


def _timed(work: Callable[[], T]) -> tuple[float, T]:
    """Microseconds ``work`` took, and what it gave."""
    began = time.perf_counter()
    result = work()
    return (time.perf_counter() - began) * 1e6, result


def run(count: int = LOANS) -> list[tuple[str, str, str, str]]:
    drawn = practices(count)
    ours_plans_us, plans = _timed(lambda: [schedule(a, t, m) for a, t, m, _ in drawn])
    peer_plans_us, peer_plans = _timed(
        lambda: [float_schedule(float(a), float(t), m) for a, t, m, _ in drawn]
    )
    plan_misses = sum(
        [float(row.instalment) for row in plan.rows] != peer
        for plan, peer in zip(plans, peer_plans, strict=True)
    )
    flows = [loan_flows(plan, costs) for plan, (*_, costs) in zip(plans, drawn, strict=True)]
    ours_taeg_us, rates = _timed(lambda: [solve(*pair) for pair in flows])
    nets = [_float_net(plan, costs) for plan, (*_, costs) in zip(plans, drawn, strict=True)]
    peer_taeg_us, peer_rates = _timed(
        lambda: [
            float_taeg(net, float(t) / 100) for net, (_, t, _, _) in zip(nets, drawn, strict=True)
        ]
    )
    taeg_misses = sum(
        float(rate.rate) != peer for rate, peer in zip(rates, peer_rates, strict=True)
    )
    return [
        (
            f"amortisation plan ({count:,} practices)",
            f"{ours_plans_us / count:.0f}",
            f"{peer_plans_us / count:.0f}",
            f"{ours_plans_us / peer_plans_us:.1f}×",
        ),
        (
            f"TAEG ({count:,} practices)",
            f"{ours_taeg_us / count:.0f}",
            f"{peer_taeg_us / count:.0f}",
            f"{ours_taeg_us / peer_taeg_us:.1f}×",
        ),
        ("plans where the float peer is off by a cent or more", "0", f"{plan_misses:,}", "—"),
        ("TAEGs where the float peer states another rate", "0", f"{taeg_misses:,}", "—"),
    ]


def _float_net(plan: Schedule, costs: Costs) -> list[tuple[int, float]]:
    """The same net flows as floats: what the peer solves."""
    drawdowns, payments = loan_flows(plan, costs)
    net: dict[int, float] = {}
    for flow in drawdowns:
        net[flow.month] = net.get(flow.month, 0.0) - float(flow.amount)
    for flow in payments:
        net[flow.month] = net.get(flow.month, 0.0) + float(flow.amount)
    return sorted(net.items())


def main() -> None:
    rows = run()
    months = sum(m for _, _, m, _ in practices(LOANS))
    print()
    print(f"Loans: {LOANS:,} practices, {months:,} instalments, one process")
    print()
    print("| figure | ours (µs per practice) | peer (µs per practice): float, round() | ratio |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
