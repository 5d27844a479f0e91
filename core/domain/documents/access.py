"""Which documents a user may read: those of records the user may see (SPEC §6).

A quote's, policy's or claim's documents follow the agent-tree rule, a user's documents follow
:func:`core.permissions.user_visible`, the document area's follow their folder's roles, and a
chat room's follow the room's rule (:mod:`core.domain.chats.access`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.chats.access import visible_chats
from core.domain.documents.area_rules import folder_visible
from core.domain.documents.serialize import document_payload
from core.domain.quotes.queries import in_agent_tree

_RECORDS: dict[str, type[m.Quote] | type[m.Policy] | type[m.Claim]] = {
    "preventivo": m.Quote,
    "polizza": m.Policy,
    "sinistro": m.Claim,
}


async def visible_documents(
    session: AsyncSession, principal: Principal, ids: Iterable[str]
) -> list[dict[str, Any]]:
    """The payloads of the documents among ``ids`` that ``principal`` may read."""
    documents = (
        (await session.execute(select(m.Document).where(m.Document.id.in_(list(ids)))))
        .scalars()
        .all()
    )
    owners: dict[str, set[str]] = {}
    for document in documents:
        if document.owner_id is not None:
            owners.setdefault(document.owner_kind, set()).add(document.owner_id)
    readable: set[tuple[str, str]] = set()
    for kind, model in _RECORDS.items():
        if owners.get(kind):
            stmt = select(model.id).where(
                model.id.in_(owners[kind]), in_agent_tree(principal, model)
            )
            readable |= {(kind, row) for row in (await session.execute(stmt)).scalars()}
    if owners.get("chat"):
        stmt = select(m.Chat.id).where(m.Chat.id.in_(owners["chat"]), visible_chats(principal))
        readable |= {("chat", row) for row in (await session.execute(stmt)).scalars()}
    if owners.get("utente"):
        users = await session.execute(
            select(m.User.id, m.User.role).where(m.User.id.in_(owners["utente"]))
        )
        readable |= {
            ("utente", user_id)
            for user_id, role in users
            if perm.user_visible(principal, {"_id": user_id, "role": role})
        }
    return [
        document_payload(d)
        for d in documents
        if (d.owner_kind == "area" and folder_visible(principal, d.roles))
        or (d.owner_kind, d.owner_id) in readable
    ]
