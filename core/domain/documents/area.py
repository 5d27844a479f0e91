"""The document area (SPEC §6 'Document area: everyone'): folders of shared documents, each
visible to some roles (none listed: everyone). Folders live in the tenant's settings
(``cartelle``), so every open client hears of a change through the settings stream; a
folder's documents carry its roles, so the ``docs`` stream and HTTP filter them alike."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, delete, get, patch, post
from litestar.params import FromPath, JSONBody, QueryParameter
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.types import new_id
from core.domain.documents import files as f
from core.domain.documents.area_rules import FOLDERS, FolderBody, folder_visible
from core.domain.documents.owners import EDIT_ONLY
from core.domain.documents.serialize import document_payload
from core.domain.settings.save import stored_or_new
from core.errors import ClientError, Forbidden, NotFound
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.lines import stored_settings
from core.messages import FOLDER_NOT_FOUND, NOT_FOR_YOUR_ROLE

MAX_FOLDERS = 100
LIST_LIMIT = 500
REPEATED_FOLDER = "Esiste già una cartella con questo nome"


def _check_editor(principal: Principal) -> None:
    if not perm.can_upload_documents(principal):
        raise Forbidden(EDIT_ONLY)


def _listed(stored: m.TenantSettings | None) -> list[dict[str, Any]]:
    return [dict(folder) for folder in ((stored.data or {}) if stored else {}).get(FOLDERS) or []]


async def _folders(session: AsyncSession) -> tuple[m.TenantSettings, list[dict[str, Any]]]:
    stored = await stored_or_new(session)
    return stored, _listed(stored)


async def _folder_documents(session: AsyncSession, folder_id: str) -> list[m.Document]:
    stmt = select(m.Document).where(
        m.Document.owner_kind == "area", m.Document.owner_id == folder_id
    )
    return list((await session.execute(stmt)).scalars())


def _save(stored: m.TenantSettings, folders: list[dict[str, Any]]) -> None:
    stored.data = {**(stored.data or {}), FOLDERS: folders}


def _named(folders: list[dict[str, Any]], body: FolderBody, skip: str | None = None) -> None:
    if any(x["name"].lower() == body.name.lower() and x["id"] != skip for x in folders):
        raise ClientError(REPEATED_FOLDER)


async def folder_roles(session: AsyncSession, principal: Principal, folder_id: str) -> list[str]:
    """The roles of a folder ``principal`` may upload to."""
    _check_editor(principal)
    listed = _listed(await stored_settings(session))
    found = next((x for x in listed if x.get("id") == folder_id), None)
    if found is None:
        raise NotFound(FOLDER_NOT_FOUND)
    return list(found.get("roles") or ())


class DocumentAreaController(Controller):
    path = "/api/area-documentale"
    tags = ["documents"]

    @get("/", summary="The document area's files the user may see, newest first")
    async def files(
        self,
        principal: PrincipalDep,
        db_session: SessionDep,
        cartella: Annotated[str | None, QueryParameter(max_length=32)] = None,
        q: Annotated[str | None, QueryParameter(max_length=100)] = None,
    ) -> list[dict[str, Any]]:
        if not perm.sees_documents(principal):
            raise Forbidden(NOT_FOR_YOUR_ROLE)
        stmt = (
            select(m.Document).where(m.Document.owner_kind == "area")
            .order_by(m.Document.at.desc()).limit(LIST_LIMIT)
        )  # fmt: skip
        if cartella:
            stmt = stmt.where(m.Document.owner_id == cartella)
        if q:
            stmt = stmt.where(m.Document.name.icontains(q, autoescape=True))
        return [
            document_payload(d)
            for d in (await db_session.execute(stmt)).scalars()
            if folder_visible(principal, d.roles)
        ]

    @post("/cartelle", summary="Create a folder (canEdit)", status_code=201)
    async def create(
        self, data: JSONBody[FolderBody], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, Any]:
        _check_editor(principal)
        stored, folders = await _folders(db_session)
        if len(folders) >= MAX_FOLDERS:
            raise ClientError(f"Al massimo {MAX_FOLDERS} cartelle")
        _named(folders, data)
        folder = {"id": new_id(), "name": data.name, "roles": data.roles}
        _save(stored, [*folders, folder])
        await db_session.flush()
        return folder

    @patch("/cartelle/{folder_id:str}", summary="Rename a folder or change who sees it")
    async def change(
        self,
        folder_id: FromPath[str],
        data: JSONBody[FolderBody],
        principal: PrincipalDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        _check_editor(principal)
        stored, folders = await _folders(db_session)
        folder = next((x for x in folders if x.get("id") == folder_id), None)
        if folder is None:
            raise NotFound(FOLDER_NOT_FOUND)
        _named(folders, data, skip=folder_id)
        folder.update(name=data.name, roles=data.roles)
        _save(stored, folders)
        for document in await _folder_documents(
            db_session, folder_id
        ):  # one by one: each change is published and audited
            document.roles = data.roles
        await db_session.flush()
        return folder

    @delete("/cartelle/{folder_id:str}", summary="Delete a folder and its files", status_code=200)
    async def remove(
        self,
        folder_id: FromPath[str],
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, bool]:
        _check_editor(principal)
        stored, folders = await _folders(db_session)
        if not any(x.get("id") == folder_id for x in folders):
            raise NotFound(FOLDER_NOT_FOUND)
        _save(stored, [x for x in folders if x.get("id") != folder_id])
        documents = await _folder_documents(db_session, folder_id)
        keys = f.stored_keys(tenant.id, documents)
        for document in documents:
            await db_session.delete(document)
        await db_session.flush()
        await f.delete_stored(runtime.settings, tenant.id, keys)
        return {"ok": True}
