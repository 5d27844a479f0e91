"""``deleteAllegato {preventivoId | polizzaId | areaId, uri, _id}`` → ``{ok: true}`` (canEdit only).

``_id`` is the document's id and ``uri`` its uri (both from the document payload); the
document leaves the record's ``allegati``, its row (a ``delete`` on channel ``docs``) and its
files go.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.db import models as m
from core.domain.documents import files as f
from core.domain.documents.area import folder_roles
from core.domain.documents.owners import (
    EDIT_ONLY,
    editable_record,
    owner_of,
    remove_from_allegati,
)
from core.errors import Forbidden, NotFound
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import strict

DOC_NOT_FOUND = "Documento non trovato"


class DeleteBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    preventivoId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)
    polizzaId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)
    sinistroId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)
    areaId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)
    uri: str = Field(min_length=1, max_length=500)
    id: str = Field(alias="_id", min_length=1, max_length=32)


async def delete_allegato(ctx: CallContext, data: Any) -> dict[str, bool]:
    principal = logged_in(ctx)
    body = strict(DeleteBody, data)
    kind, owner_id = owner_of({
        "preventivoId": body.preventivoId, "polizzaId": body.polizzaId,
        "sinistroId": body.sinistroId, "areaId": body.areaId,
    })  # fmt: skip
    if not perm.can_upload_documents(principal):  # a claim's evidence too: the office removes it
        raise Forbidden(EDIT_ONLY)
    if kind == "area":
        await folder_roles(ctx.session, principal, owner_id)  # canEdit, and the folder exists
        record = None
    else:
        record = await editable_record(ctx.session, principal, kind, owner_id, lock=True)
    document = (
        await ctx.session.execute(
            select(m.Document).where(
                m.Document.id == body.id,
                m.Document.owner_kind == kind,
                m.Document.owner_id == owner_id,
            )
        )
    ).scalar_one_or_none()
    if document is None or document.uri != body.uri:
        raise NotFound(DOC_NOT_FOUND)
    if record is not None:
        record.allegati = remove_from_allegati(record.allegati, document.id)
    keys = f.stored_keys(ctx.tenant.id, [document])
    await ctx.session.delete(document)
    await ctx.session.flush()
    await f.delete_stored(ctx.host.settings, ctx.tenant.id, keys)
    return {"ok": True}
