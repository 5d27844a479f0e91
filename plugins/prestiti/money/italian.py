"""Figures as the loan messages write them (it-IT): euro through :func:`core.api.euro_text`,
rates with a decimal comma and their own precision, durations in months."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from core.api import euro_text

__all__ = ["euro_text", "months_text", "percent_text", "rate_text", "whole_euro_text"]


def percent_text(value: Decimal, places: int = 2) -> str:
    """A rate in %, half up to ``places`` decimals: ``Decimal("8.2916")`` → ``8,29 %``."""
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{rounded:f}".replace(".", ",") + " %"


def rate_text(value: Decimal) -> str:
    """A rate as published, at least two decimals and none dropped: ``17.5`` → ``17,50 %``,
    ``18.1625`` → ``18,1625 %`` (a usury threshold keeps its four)."""
    places = max(2, -int(value.normalize().as_tuple().exponent))
    return percent_text(value, places)


def whole_euro_text(value: Decimal) -> str:
    """Whole euros grouped, for amount bands: ``15000`` → ``15.000 €``."""
    return f"{int(value):,}".replace(",", ".") + " €"


def months_text(months: int) -> str:
    """``1`` → ``1 mese``, ``120`` → ``120 mesi``."""
    return f"{months} {'mese' if months == 1 else 'mesi'}"
