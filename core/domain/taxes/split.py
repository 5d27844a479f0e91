"""A premium split into net, taxes and gross, exact to the cent (no database).

* Each line of a premium has a ramo and its net premium (imponibile); a motor liability line
  (``rca``) also the province of the insured.
* A tariff ramo pays the insurance tax at its rate on the line's net (law 29 October 1961
  n. 1216, tariff all. A); motor liability pays the provincial tax of the insured's province
  (art. 17 D.Lgs. 68/2011) and the SSN contribution (art. 334 D.Lgs. 209/2005), both on the net.
* Every tax is rounded half up to the cent; the gross is net + taxes.
* The inverse, for a premium known only by its gross (an old row, an API client): the net is
  the one whose taxes bring it to the gross; when no net reaches the gross to the cent (taxes
  rounded separately can jump a cent), the net is the largest below and the cent or two left
  go to the largest tax. Such a premium is flagged ``derived``. Several lines share the gross
  in proportion to their weights (largest remainder), then each is derived.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any

from core.domain.taxes.rami import PROVINCES, RAMI, RCA
from core.domain.taxes.table import TaxTable
from core.money import CENT, ZERO, as_number, cents, from_cents, to_cents

NO_RATE = "Nessuna aliquota d'imposta in vigore per {what} al {day}: aggiorna la tabella imposte"
NO_PROVINCE = "Indica la provincia del contraente per l'RC auto"
UNKNOWN_RAMO = "Ramo sconosciuto: {ramo}"
UNKNOWN_PROVINCE = "Provincia sconosciuta: {code}"
SEARCH_CENTS = 4
"""How far (in cents) from the first estimate the inverse looks for the exact net."""


class TaxError(ValueError):
    """A premium that cannot be split (unknown ramo, no rate in force): an Italian message."""


@dataclass(frozen=True, slots=True)
class Line:
    """A premium line: its ramo, net premium and (motor liability) province."""

    ramo: str
    net: Decimal
    province: str | None = None


@dataclass(frozen=True, slots=True)
class Tax:
    """One tax on a line: ``amount`` = ``base`` × ``rate`` / 100, half up to the cent."""

    ramo: str
    label: str
    rate: Decimal
    base: Decimal
    amount: Decimal

    def wire(self) -> dict[str, Any]:
        return {"ramo": self.ramo, "label": self.label, "rate": as_number(self.rate),
                "base": as_number(self.base), "amount": as_number(self.amount)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Premium:
    """A premium's lines and taxes; ``net + tax_total == gross`` always."""

    lines: tuple[Line, ...]
    taxes: tuple[Tax, ...] = field(default=())
    derived: bool = False

    @property
    def net(self) -> Decimal:
        return sum((line.net for line in self.lines), ZERO)

    @property
    def tax_total(self) -> Decimal:
        return sum((tax.amount for tax in self.taxes), ZERO)

    @property
    def gross(self) -> Decimal:
        return self.net + self.tax_total

    @property
    def ramo(self) -> str | None:
        """The main ramo: the line with the largest net (the first on a tie)."""
        rami = [line for line in self.lines if line.ramo]
        return max(rami, key=lambda line: line.net).ramo if rami else None

    def wire(self) -> dict[str, Any]:
        """``{tot, net, taxes, taxTotal, ramo, lines, derived?}`` as offers store it."""
        return {
            "tot": as_number(self.gross),
            "net": as_number(self.net),
            "taxes": [tax.wire() for tax in self.taxes],
            "taxTotal": as_number(self.tax_total),
            "ramo": self.ramo,
            "lines": [
                {
                    "ramo": line.ramo,
                    "net": as_number(line.net),
                    **({"province": line.province} if line.province else {}),
                }
                for line in self.lines
                if line.ramo
            ],
            **({"derived": True} if self.derived else {}),
        }


def _day(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def line_rates(line: Line, table: TaxTable, day: date) -> list[tuple[str, Decimal]]:
    """The (label, rate in %) of each tax on ``line`` on ``day``."""
    if line.ramo not in RAMI:
        raise TaxError(UNKNOWN_RAMO.format(ramo=line.ramo[:32]))
    if line.ramo != RCA:
        found = table.ramo_rate(line.ramo, day)
        if found is None:
            raise TaxError(NO_RATE.format(what=RAMI[line.ramo], day=_day(day)))
        return [(f"Imposta sulle assicurazioni ({RAMI[line.ramo]})", found.rate)]
    if not line.province:
        raise TaxError(NO_PROVINCE)
    if line.province not in PROVINCES:
        raise TaxError(UNKNOWN_PROVINCE.format(code=line.province[:2]))
    provincial = table.province_rate(line.province, day)
    if provincial is None:
        what = f"l'RC auto a {PROVINCES[line.province]}"
        raise TaxError(NO_RATE.format(what=what, day=_day(day)))
    ssn = table.ssn_rate(day)
    if ssn is None:
        raise TaxError(NO_RATE.format(what="il contributo SSN", day=_day(day)))
    return [
        (f"Imposta provinciale RC auto ({line.province})", provincial.rate),
        ("Contributo SSN", ssn.rate),
    ]


def _taxes(line: Line, rates: Sequence[tuple[str, Decimal]]) -> list[Tax]:
    return [
        Tax(line.ramo, label, rate, line.net, cents(line.net * rate / 100)) for label, rate in rates
    ]


def split_premium(lines: Sequence[Line], table: TaxTable, day: date) -> Premium:
    """The taxes on each line's net premium on ``day``; the gross is net + taxes."""
    taxes: list[Tax] = []
    for line in lines:
        taxes += _taxes(line, line_rates(line, table, day))
    return Premium(tuple(lines), tuple(taxes))


def _derive_line(
    gross: Decimal, ramo: str, province: str | None, table: TaxTable, day: date
) -> tuple[Line, list[Tax]]:
    rates = line_rates(Line(ramo, ZERO, province), table, day)
    total_rate = sum((rate for _, rate in rates), ZERO)
    estimate = cents(gross / (1 + total_rate / 100))

    def taxes_on(net: Decimal) -> list[Tax]:
        return _taxes(Line(ramo, net, province), rates)

    best: tuple[Decimal, list[Tax]] | None = None
    for step in range(-SEARCH_CENTS, SEARCH_CENTS + 1):
        net = estimate + step * CENT
        if net < 0:
            continue
        taxes = taxes_on(net)
        reached = net + sum((t.amount for t in taxes), ZERO)
        if reached == gross:
            return Line(ramo, net, province), taxes
        if reached < gross and (best is None or net > best[0]):
            best = (net, taxes)
    net, taxes = best if best is not None else (ZERO, taxes_on(ZERO))
    rest = gross - net - sum((t.amount for t in taxes), ZERO)
    if taxes:
        largest = max(range(len(taxes)), key=lambda i: taxes[i].amount)
        taxes[largest] = replace(taxes[largest], amount=taxes[largest].amount + rest)
    else:
        net += rest
    return Line(ramo, net, province), taxes


def share_out(total: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """``total`` in parts proportional to ``weights``, to the cent, by largest remainder
    (equal parts when every weight is zero); the parts sum to ``total``."""
    if not weights:
        return []
    base = [w if w > 0 else ZERO for w in weights]
    if sum(base) == 0:
        base = [Decimal(1)] * len(weights)
    whole = sum(base)
    total_cents = to_cents(total)
    exact = [Decimal(total_cents) * w / whole for w in base]
    parts = [int(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - parts[i]), i))
    for i in order[: total_cents - sum(parts)]:
        parts[i] += 1
    return [from_cents(p) for p in parts]


def derive_premium(gross: Decimal, lines: Sequence[Line], table: TaxTable, day: date) -> Premium:
    """The split of a premium known by its ``gross``: ``lines`` give the rami (and province)
    and, through their nets, the weights the gross is shared by. No line: no tax (the net is
    the gross, as a row whose ramo is unknown keeps)."""
    if not lines:
        return untaxed(gross)
    shares = share_out(gross, [line.net for line in lines])
    derived_lines: list[Line] = []
    taxes: list[Tax] = []
    for line, share in zip(lines, shares, strict=True):
        found, line_taxes = _derive_line(share, line.ramo, line.province, table, day)
        derived_lines.append(found)
        taxes += line_taxes
    return Premium(tuple(derived_lines), tuple(taxes), derived=True)


def untaxed(gross: Decimal) -> Premium:
    """A premium whose ramo is unknown: the gross is all net, no tax, flagged derived."""
    return Premium((Line("", gross),), (), derived=True)
