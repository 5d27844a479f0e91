"""Documents, registered like any plugin: uploads, downloads, deletion, the ``docs``
stream (events and look-up by id) and the document area's menu entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.documents.access import visible_documents
from core.domain.documents.area import DocumentAreaController
from core.domain.documents.area_rules import folder_visible
from core.domain.documents.delete import delete_allegato
from core.domain.documents.serialize import document_payload
from core.domain.documents.uploads import download_document, upload_docs
from core.extensions import CallHandler, MenuEntry, Publication
from core.hookspecs import hookimpl


def _anyone(_principal: Principal) -> bool:
    return True


def document_visible(principal: Principal, document: Mapping[str, Any]) -> bool:
    """Live document events: the document area's by their folder's roles, one's own uploads,
    and quote and policy documents to those who edit documents (canEdit); others, and a chat
    room's files (which its messages carry), are looked up lazily by id, which applies the
    owner record's rule (:mod:`core.domain.documents.access`)."""
    owner = document.get("owner") or {}
    if owner.get("kind") == "area":
        return folder_visible(principal, document.get("roles"))
    if document.get("usrId") == principal.id:
        return True
    return owner.get("kind") != "chat" and perm.can_edit(principal)


DOCUMENTS = Publication(
    "docs", _anyone, document_visible, m.Document, "d", document_payload, public=True,
    lookup=visible_documents,
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [DOCUMENTS]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [upload_docs, download_document, DocumentAreaController]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"deleteAllegato": delete_allegato}


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Document]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "area-documentale", "/area-documentale", "menu:areaDocumentale", "folder", 130,
            perm.sees_documents,
        )
    ]  # fmt: skip
