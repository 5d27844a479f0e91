"""The documents store's interface and what every store shares: names, keys, errors."""

from __future__ import annotations

import re
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

from core.errors import SportelloError

CHUNK = 1024 * 1024
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_DOTS = re.compile(r"\.{2,}")
UNAVAILABLE = "L'archivio dei documenti non è raggiungibile in questo momento: riprova tra poco"


class StorageUnavailable(SportelloError):
    """The object store did not answer (or refused our credentials): 503, logged once."""

    status_code = 503
    name = "StorageUnavailable"

    def __init__(self, message: str = UNAVAILABLE) -> None:
        super().__init__(message)


@dataclass(frozen=True)
class StoredFile:
    """One stored file: its tenant's folder name, its key there and its size in bytes."""

    tenant: str
    key: str
    size: int


class DocumentStore(Protocol):
    """What the app and a backup do with stored documents, on any store. Keys are plain file
    names (:func:`valid_name`); one that is not is a file that does not exist."""

    def save(self, tenant: str, filename: str, content: bytes) -> str:
        """Store ``content`` under a new key named after ``filename``; the key."""
        ...

    def save_stream(self, tenant: str, filename: str, source: IO[bytes]) -> str:
        """Store ``source`` (read from its start, in chunks) under a new key; the key."""
        ...

    def size(self, tenant: str, key: str) -> int | None:
        """The stored file's size in bytes, or ``None``: no such file."""
        ...

    def open(self, tenant: str, key: str) -> IO[bytes]:
        """The stored file's bytes, to read (:class:`FileNotFoundError` if it is gone)."""
        ...

    async def stream(self, tenant: str, key: str, start: int, end: int) -> AsyncIterator[bytes]:
        """Bytes ``start`` to ``end`` (exclusive) in chunks; the store has answered when this
        returns (:class:`FileNotFoundError` if the file is gone)."""
        ...

    def delete(self, tenant: str, key: str) -> None:
        """Remove the file if it exists."""
        ...

    def files(self, tenant: str | None = None) -> Iterator[StoredFile]:
        """Every stored file (or ``tenant``'s), tenant by tenant, in a stable order."""
        ...

    def put(self, tenant: str, key: str, source: IO[bytes]) -> None:
        """Store ``source`` under exactly ``key`` (a restore); a key that is not a plain file
        name, or is already taken, is refused (:class:`ValueError`)."""
        ...

    def is_empty(self) -> bool:
        """Whether no file is stored."""
        ...


def folder_of(tenant: str) -> str:
    """The tenant's folder (or key prefix) name."""
    return _SAFE.sub("_", tenant)


def new_key(filename: str) -> str:
    """A fresh, unguessable key that keeps a readable tail of ``filename``."""
    safe = _DOTS.sub(".", _SAFE.sub("_", filename)).strip(".")[-120:] or "file"
    return f"{secrets.token_hex(8)}-{safe}"


def valid_name(name: str) -> bool:
    """Whether ``name`` can be a tenant's folder or a key as stored: one plain file name."""
    return bool(name) and name == _SAFE.sub("_", name) and name.strip(".") == name


def check_names(tenant: str, key: str) -> None:
    """:class:`ValueError` unless both are plain file names (a restore's exact key)."""
    for name in (tenant, key):
        if not valid_name(name):
            raise ValueError(f"nome di file non valido: {name!r}")


def private_folder(folder: Path) -> None:
    """Create ``folder`` (and missing parents) readable by this user only (0700)."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
        path.chmod(0o700)  # mkdir's mode passes through the umask
