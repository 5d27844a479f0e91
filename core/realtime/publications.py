"""Core channels (DESIGN §4). Each uses the same rule that scopes reads over HTTP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.documents import document_payload
from core.domain.quotes.serialize import policy_payload, quote_payload
from core.domain.settings.payload import product_payload
from core.domain.users.serialize import user_payload
from core.extensions import Publication

PRIVATE_PREFIX = "priv/"


def _works_records(principal: Principal) -> bool:
    return "preventivi" in perm.subscribed_streams(principal)


def _has_role(principal: Principal) -> bool:
    return bool(perm.subscribed_streams(principal))


def _anyone(_principal: Principal, _item: Mapping[str, Any] | None = None) -> bool:
    return True


def _document_visible(principal: Principal, document: Mapping[str, Any]) -> bool:
    """Live document events: the document area and one's own uploads to everyone, the rest
    to those who edit documents (canEdit); others look documents up lazily by id, which
    applies the owner record's rule (:mod:`core.domain.documents.access`)."""
    owner = document.get("owner") or {}
    return (
        perm.can_edit(principal)
        or owner.get("kind") == "area"
        or document.get("usrId") == principal.id
    )


def _product_visible(principal: Principal, product: Mapping[str, Any]) -> bool:
    """As ``GET /api/products``: inactive products only for admins and responsabili."""
    return product.get("active") is not False or perm.sees_products(principal)


def _changed(settings: m.TenantSettings) -> dict[str, Any]:
    return {"_id": settings.id}


CORE_PUBLICATIONS: tuple[Publication, ...] = (
    Publication("preventivi", _works_records, perm.record_visible, m.Quote, "p", quote_payload),
    Publication("polizze", _works_records, perm.record_visible, m.Policy, "p", policy_payload),
    Publication("usr", _has_role, perm.user_visible, m.User, "u", user_payload),
    # A settings change says only that they changed: clients read them again with tokenLogin.
    Publication("settings", _anyone, _anyone, m.TenantSettings, "s", _changed, public=True),
    # Subscribed without waiting for the login (SPEC §7); events reach logged-in sockets only.
    Publication(
        "products", _anyone, _product_visible, m.Product, "p", product_payload, public=True
    ),
    Publication("docs", _anyone, _document_visible, m.Document, "d", document_payload, public=True),
    Publication("dbData", _has_role, _anyone),  # filled per socket by getDbData
)


def private_channel(user_id: str) -> str:
    """``priv/{userId}``: that user's private events, and no one else's."""
    return f"{PRIVATE_PREFIX}{user_id}"


def may_subscribe(
    publications: Mapping[str, Publication], principal: Principal | None, channel: str
) -> bool:
    """Whether ``principal`` (``None``: not logged in) may subscribe to ``channel``."""
    if channel.startswith(PRIVATE_PREFIX):
        return principal is not None and channel == private_channel(principal.id)
    publication = publications.get(channel)
    if publication is None:
        return False
    if principal is None:
        return publication.public
    return publication.may_subscribe(principal)
