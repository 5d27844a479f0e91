"""Where uploaded files live, how they are named and how image thumbnails are made."""

from __future__ import annotations

import mimetypes
from collections.abc import Iterable
from pathlib import PurePath
from typing import IO

from anyio import to_thread

from core.db.models import Document
from core.settings import Settings
from core.storage import DocumentStore, configured_store

MB = 1024 * 1024
TOO_BIG = "Non é possibile caricare {file} in quanto supera la dimensione massima di {mb} mega"
"""SPEC §5, word for word (20 MB, or 500 MB where the app name ends with ``_dev``)."""
THUMB_SOURCES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp"})
INLINE_TYPES = THUMB_SOURCES | {"application/pdf"}
"""Types served inline; anything else is always a download (no uploaded HTML runs here)."""


def storage_of(settings: Settings) -> DocumentStore:
    """The app's documents store: the folder ``DATA_DIR/files`` or the bucket of
    ``STORAGE_URL``, one folder (prefix) per tenant."""
    return configured_store(settings)


def too_big(limit_mb: int, name: str) -> str:
    return TOO_BIG.format(file=name, mb=limit_mb)


def upload_uri(tenant_id: str, key: str) -> str:
    """``/upload/{tenant}/{key}``; the download link swaps ``/upload/`` for ``/download/``."""
    return f"/upload/{tenant_id}/{key}"


def key_of(tenant_id: str, uri: str | None) -> str | None:
    """The storage key inside an upload uri of ``tenant_id``."""
    prefix = f"/upload/{tenant_id}/"
    return uri[len(prefix) :] if uri and uri.startswith(prefix) else None


def size_of(source: IO[bytes]) -> int:
    """The size of an uploaded file, its read position back at the start."""
    source.seek(0, 2)
    size = source.tell()
    source.seek(0)
    return size


def stored_keys(tenant_id: str, documents: Iterable[Document]) -> list[str]:
    """The storage keys of the documents' files and thumbnails (taken before the rows go)."""
    return [k for d in documents for u in (d.uri, d.thumb) if (k := key_of(tenant_id, u))]


async def delete_stored(settings: Settings, tenant_id: str, keys: Iterable[str]) -> None:
    """Remove files whose rows are gone (called once the deletion is flushed)."""
    storage = storage_of(settings)
    for key in keys:
        await to_thread.run_sync(storage.delete, tenant_id, key)


def clean_name(filename: str | None) -> str:
    """The file's own name (no folders), at most 255 characters."""
    name = PurePath((filename or "").replace("\\", "/")).name
    name = "".join(c for c in name if c.isprintable()).strip()
    name = name.encode("utf-8", "ignore").decode("utf-8")  # no lone surrogates either
    return name[-255:] or "file"


def file_type(name: str, declared: str | None) -> str:
    declared = (declared or "").split(";")[0].strip().lower()
    if declared and declared != "application/octet-stream" and "/" in declared:
        return declared[:100]
    return mimetypes.guess_type(name)[0] or "application/octet-stream"
