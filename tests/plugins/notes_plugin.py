"""A plugin written only under tests/: agents' notes ('appunti'), a stream of its own.

It adds, through the hooks every line uses and with no change to core: a model and its
table, a synced stream (``getDbData``, live events, watermark resync, tombstones), a call
that writes a note, an HTTP route that lists them, and a menu entry. An agent sees their own
notes; admins see all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import ColumnElement, String, select, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from core import permissions as perm
from core.auth.principal import Principal
from core.db.base import HasId, TenantOwned, Timestamped
from core.extensions import Call, CallContext, MenuEntry, Publication
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep, SessionDep
from core.realtime.guard import logged_in
from core.sync_loaders import rows_loader

CHANNEL = "appunti"
CALL = "appunti.scrivi"
ROUTE = "/api/appunti"


class NotesBase(DeclarativeBase):
    """The plugin's own metadata: its table is created by the test, not core's migrations."""


class Note(NotesBase, HasId, TenantOwned, Timestamped):
    __tablename__ = "test_appunti"

    agent_id: Mapped[str] = mapped_column(String(32), index=True)
    text: Mapped[str] = mapped_column(String(200))


def note_payload(note: Note) -> dict[str, Any]:
    return {"_id": note.id, "aId": note.agent_id, "text": note.text}


def note_visible(principal: Principal, note: Mapping[str, Any]) -> bool:
    """The event rule: the same one the loader and the route apply in SQL."""
    return principal.is_admin or note.get("aId") == principal.id


def own_notes(principal: Principal) -> ColumnElement[bool]:
    return true() if principal.is_admin else Note.agent_id == principal.id


class NoteBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=200)


async def write_note(ctx: CallContext, data: Any) -> dict[str, str]:
    principal = logged_in(ctx)
    note = Note(agent_id=principal.id, text=NoteBody.model_validate(data).text)
    ctx.session.add(note)
    await ctx.session.flush()
    return {"_id": note.id}


@get(ROUTE, summary="The caller's notes (test plugin)", tags=["appunti"])
async def list_notes(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    rows = await db_session.execute(select(Note).where(own_notes(principal)))
    return [note_payload(note) for note in rows.scalars()]


NOTES = Publication(
    CHANNEL, perm.sees_work, note_visible, Note, "p", note_payload,
    sync=rows_loader(Note, note_payload, own_notes),
)  # fmt: skip


class NotesPlugin:
    @hookimpl
    def register_publications(self) -> Sequence[Publication]:
        return [NOTES]

    @hookimpl
    def register_calls(self) -> Mapping[str, Call]:
        return {CALL: Call(write_note)}

    @hookimpl
    def register_routes(self) -> Sequence[ControllerRouterHandler]:
        return [list_notes]

    @hookimpl
    def menu_entries(self) -> Sequence[MenuEntry]:
        return [MenuEntry(CHANNEL, "/appunti", "Appunti", "notes", 300, perm.sees_work)]
