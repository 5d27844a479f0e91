"""Channel rules of the transport itself: ``dbData``, ``priv/{userId}``, who may subscribe.

Every other channel is a :class:`~core.extensions.Publication` an area or a plugin
registers; this module knows none of them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.extensions import Host, Publication

PRIVATE_PREFIX = "priv/"


def _has_role(principal: Principal) -> bool:
    return perm.has_role(principal)


def _anyone(_principal: Principal, _item: Mapping[str, Any] | None = None) -> bool:
    return True


DB_DATA = Publication("dbData", _has_role, _anyone)
"""Filled per socket by ``getDbData``."""


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


async def synced_streams(
    host: Host, session: AsyncSession, principal: Principal, asked: Collection[str] = ()
) -> list[Publication]:
    """The synced streams (a ``sync`` loader) ``principal`` may read now, by channel name:
    subscribable by them, and their product line (if any) on for the tenant and theirs.

    ``asked`` narrows them to those names (empty: all). The same list decides what
    ``getDbData`` sends and what the shell syncs, subscribes to and resyncs (``streams`` in
    the session payload), so a line's stream reaches its screens with no list in the shell."""
    found = []
    for channel, publication in sorted(host.publications.items()):
        if publication.sync is None or (asked and channel not in asked):
            continue
        if not publication.may_subscribe(principal):
            continue
        if publication.product is not None and not await host.lines.works(
            session, principal, publication.product
        ):
            continue
        found.append(publication)
    return found
