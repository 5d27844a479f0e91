"""Core channels (DESIGN §4). Each uses the same rule that scopes reads over HTTP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.quotes.serialize import policy_payload, quote_payload
from core.domain.users.serialize import user_payload
from core.extensions import Publication

PRIVATE_PREFIX = "priv/"


def _works_records(principal: Principal) -> bool:
    return "preventivi" in perm.subscribed_streams(principal)


def _has_role(principal: Principal) -> bool:
    return bool(perm.subscribed_streams(principal))


def _anyone(_principal: Principal, _item: Mapping[str, Any] | None = None) -> bool:
    return True


CORE_PUBLICATIONS: tuple[Publication, ...] = (
    Publication("preventivi", _works_records, perm.record_visible, m.Quote, "p", quote_payload),
    Publication("polizze", _works_records, perm.record_visible, m.Policy, "p", policy_payload),
    Publication("usr", _has_role, perm.user_visible, m.User, "u", user_payload),
    Publication("settings", _anyone, _anyone, public=True),
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
