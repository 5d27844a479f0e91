"""Quotes, registered like any plugin: the ``preventivi`` stream (sync, events, saveData),
creation, emission requests, customer links, the status table and the menu entries.

Core owns plain quotes (``type`` ``None``) and answers ``emission_request`` for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.quotes.controllers import quote_detail, quotes_list
from core.domain.quotes.create import create_quote_call
from core.domain.quotes.emission import richiedi_emissione
from core.domain.quotes.links import create_link_preventivo, public_emission, public_quote
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.quotation import (
    choose_offer,
    forget_offer,
    premio_emissione,
    quota_preventivo,
)
from core.domain.quotes.save import save_quote
from core.domain.quotes.serialize import quote_payload
from core.domain.quotes.statuses import DEFAULT_STATUSES
from core.errors import ClientError
from core.extensions import CallHandler, MenuEntry, Publication, StatusDef
from core.hookspecs import hookimpl
from core.sync_loaders import BOOKKEEPING, rows_loader

OUT_OF_RANGE = "Valore di consulenza fuori dai limiti ({low} – {high})"


def works_records(principal: Principal) -> bool:
    """Who subscribes to quotes and policies: every role but employees (SPEC §7)."""
    return perm.sees_work(principal)


QUOTE_SHAPE = 1
"""The version of ``quote_payload``'s shape: raise it whenever the shape changes."""

QUOTES = Publication(
    "preventivi", works_records, perm.record_visible, m.Quote, "p", quote_payload,
    sync=rows_loader(
        m.Quote, quote_payload, lambda who: in_agent_tree(who, m.Quote),
        skip=(*BOOKKEEPING, "created_at"),  # a quote's moment is its own ``at``
        stored_version=QUOTE_SHAPE,
    ),
    save=save_quote,
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [QUOTES]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "createQuote": create_quote_call,
        "richiediEmissione": richiedi_emissione,
        "createLinkPreventivo": create_link_preventivo,
        "quotaPreventivo": quota_preventivo,
        "premioEmissione": premio_emissione,
    }


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Quote]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "preventivi", "/preventivi", "menu:preventivi", "file-text", 30, perm.sees_work,
            chip="preventivi",
        ),
        MenuEntry(
            "nuova-quotazione", "/prodotti", "menu:nuovaQuotazione", "circle-plus", 120,
            perm.sees_nuova_quotazione,
        ),
    ]  # fmt: skip


@hookimpl(trylast=True)
def default_statuses() -> Sequence[StatusDef]:
    return DEFAULT_STATUSES


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [public_quote, public_emission, quotes_list, quote_detail]


def _bounds(quote: m.Quote, product: m.Product) -> tuple[float, float] | None:
    """qMin/qMax over the companies the quote is priced with (else all the product's)."""
    priced = (quote.price or {}).get("company")
    names = set(priced) if isinstance(priced, dict) and priced else set(product.companies or {})
    limits = [
        (float(c["qMin"]), float(c["qMax"]))
        for name, c in (product.companies or {}).items()
        if name in names
        and isinstance(c, dict)
        and isinstance(c.get("qMin"), int | float)
        and isinstance(c.get("qMax"), int | float)
    ]
    if not limits:
        return None
    return min(low for low, _ in limits), max(high for _, high in limits)


@hookimpl(trylast=True)
def emission_request(
    quote: m.Quote, product: m.Product | None, payload: Mapping[str, Any], undo: bool
) -> None:
    """Plain quotes: the offer the agent picks is recorded (and forgotten on undo); a
    consultancy value within the companies' qMin–qMax becomes qFattura. Called for plain
    quotes only (:mod:`core.line_hooks`)."""
    if undo:
        forget_offer(quote)
        return
    choose_offer(quote, payload)
    value = payload.get("quote")
    if value is None:
        return
    bounds = _bounds(quote, product) if product is not None else None
    if bounds is not None and not bounds[0] <= float(value) <= bounds[1]:
        low, high = (f"{b:g}" for b in bounds)
        raise ClientError(OUT_OF_RANGE.format(low=low, high=high))
    quote.quote = {**(quote.quote or {}), "qFattura": round(float(value), 2)}
