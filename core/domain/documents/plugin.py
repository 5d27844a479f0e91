"""Documents: uploads, downloads and deletion, registered like any plugin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler

from core.domain.documents.delete import delete_allegato
from core.domain.documents.uploads import download_document, upload_docs
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [upload_docs, download_document]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"deleteAllegato": delete_allegato}
