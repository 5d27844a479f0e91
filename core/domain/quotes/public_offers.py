"""The offers of a plain quote as its customer reads them on the link's page.

Each offer: the company, the gross premium (``tot``), the net premium and the taxes by ramo
when the offer carries them (``net``, ``taxes``, ``taxTotal``), the guarantees or notes, the
frequency and its instalments — how many and what each comes to, by the rule the policy's
schedule uses (:func:`core.domain.policies.schedule.instalment_amounts`: equal cents, the
rest on the first). Nothing about commissions or the platform's share.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.db import models as m
from core.domain.policies.schedule import FREQUENCIES, FREQUENCY_NAMES, instalment_amounts
from core.domain.quotes import statuses
from core.domain.quotes.quotation import POLICY_ID, emission_of, offers
from core.extensions import Host
from core.money import ZERO, amount, as_number

TAX_FIELDS = ("ramo", "label", "rate", "base", "amount")


def _taxes(offer: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    given = offer.get("taxes")
    if not isinstance(given, list):
        return None
    return [
        {key: tax.get(key) for key in TAX_FIELDS if key in tax}
        for tax in given
        if isinstance(tax, Mapping)
    ]


def public_offer(company: str, offer: Mapping[str, Any]) -> dict[str, Any]:
    gross = amount(offer.get("tot")) or ZERO  # ``offers`` keeps only priced ones
    frequency = str(offer.get("frazionamento") or "ANN")
    if frequency not in FREQUENCIES:
        frequency = "ANN"
    shown: dict[str, Any] = {
        "company": company,
        "tot": as_number(gross),
        "note": str(offer.get("note") or ""),
        "frazionamento": frequency,
        "frequencyName": FREQUENCY_NAMES[frequency],
    }
    net, tax_total, taxes = amount(offer.get("net")), amount(offer.get("taxTotal")), _taxes(offer)
    known_net = net if net is not None and ZERO <= net <= gross else None
    shown["instalments"] = [
        as_number(part) for part in instalment_amounts(gross, frequency, known_net)
    ]
    if net is not None:
        shown["net"] = as_number(net)
    if taxes is not None:
        shown["taxes"] = taxes
    if tax_total is not None:
        shown["taxTotal"] = as_number(tax_total)
    return shown


def public_offers(quote: m.Quote) -> list[dict[str, Any]]:
    """A plain quote's priced offers, in the order they were entered; none for a line's."""
    if quote.type is not None:
        return []
    return [public_offer(company, offer) for company, offer in offers(quote).items()]


def priced(host: Host, quote: m.Quote) -> bool:
    """Whether the customer may ask for the emission: a plain quote needs an offer and a
    status past 'In attesa di quotazione'; a line's quote is the line's business."""
    if quote.type is not None:
        return True
    waiting = statuses.name_of(host.statuses, statuses.INITIAL_ID)
    return bool(offers(quote)) and quote.status != waiting


def chosen(quote: m.Quote) -> dict[str, Any] | None:
    """The offer chosen with the emission request: ``{company, premium, via}``."""
    emission = emission_of(quote)
    if not emission.get("company"):
        return None
    return {
        "company": emission["company"],
        "premium": emission.get("premium"),
        "via": emission.get("via"),
    }


def issued_policy(quote: m.Quote) -> dict[str, Any] | None:
    """``{number}`` once the quote's policy is issued."""
    details = quote.quote or {}
    if not details.get(POLICY_ID):
        return None
    return {"number": details.get("policyNumber")}
