"""The record a document belongs to, found only where the user may edit its documents."""

from __future__ import annotations

from typing import cast

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.domain.chats.access import CHAT_NOT_FOUND
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.messages import (
    CLAIM_NOT_FOUND,
    FOLDER_NOT_FOUND,
    POLICY_NOT_FOUND,
    QUOTE_NOT_FOUND,
    USER_NOT_FOUND,
)

EDIT_ONLY = "Solo amministratori e responsabili possono gestire i documenti"
ONE_OWNER = "Indica uno tra preventivoId, polizzaId, sinistroId, usrId, areaId e chatId"
NOT_FOUND = {
    "preventivo": QUOTE_NOT_FOUND, "polizza": POLICY_NOT_FOUND, "sinistro": CLAIM_NOT_FOUND,
    "area": FOLDER_NOT_FOUND, "utente": USER_NOT_FOUND, "chat": CHAT_NOT_FOUND,
}  # fmt: skip
Record = m.Quote | m.Policy | m.Claim
MODELS: dict[str, type[Record]] = {"preventivo": m.Quote, "polizza": m.Policy, "sinistro": m.Claim}
FIELDS = {
    "preventivoId": "preventivo", "polizzaId": "polizza", "sinistroId": "sinistro",
    "usrId": "utente", "areaId": "area", "chatId": "chat",
}  # fmt: skip


def owner_of(fields: dict[str, str | None]) -> tuple[str, str]:
    """``(kind, id)`` from exactly one of the ``FIELDS``."""
    given = [(FIELDS[name], value) for name, value in fields.items() if value]
    if len(given) != 1:
        raise ClientError(ONE_OWNER)
    kind, owner_id = given[0]
    if len(owner_id) > 32:
        raise NotFound(NOT_FOUND[kind])
    return kind, owner_id


def may_add_documents(principal: Principal, kind: str) -> bool:
    """Quote and policy documents need canEdit (SPEC §6); a claim's (photos, the accident
    form, estimates) come from whoever follows the claim, agents included."""
    if kind == "sinistro":
        return perm.sees_work(principal)
    return perm.can_upload_documents(principal)


async def editable_record(
    session: AsyncSession, principal: Principal, kind: str, record_id: str, *, lock: bool = False
) -> Record:
    """The quote, policy or claim, when the user may add its documents
    (:func:`may_add_documents`) and see it; with ``lock`` held until the transaction ends
    (its ``allegati`` are about to change)."""
    if not may_add_documents(principal, kind):
        raise Forbidden(EDIT_ONLY)
    model = MODELS[kind]
    stmt = select(model).where(model.id == record_id, in_agent_tree(principal, model))
    found = await session.execute(for_update(stmt, model) if lock else stmt)
    record = cast("Record | None", found.scalar_one_or_none())
    if record is None:
        raise NotFound(NOT_FOUND[kind])
    return record


def add_to_allegati(
    allegati: dict[str, object] | None, doc_type: str, document_ids: list[str]
) -> dict[str, object]:
    """``{docType: {name, files: [document ids]}}`` with ``document_ids`` appended."""
    result = dict(allegati or {})
    entry = result.get(doc_type)
    entry = dict(entry) if isinstance(entry, dict) else {}
    files = [f for f in entry.get("files") or [] if f not in document_ids]
    result[doc_type] = {
        **entry,
        "name": entry.get("name") or doc_type,
        "files": files + document_ids,
    }
    return result


def remove_from_allegati(allegati: dict[str, object] | None, document_id: str) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, entry in (allegati or {}).items():
        if isinstance(entry, dict) and isinstance(entry.get("files"), list):
            entry = {**entry, "files": [f for f in entry["files"] if f != document_id]}
        result[key] = entry
    return result
