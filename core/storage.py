"""Local file storage: every file lives under its tenant's folder and never leaves it."""

from __future__ import annotations

import io
import os
import re
import secrets
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

CHUNK = 1024 * 1024
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_DOTS = re.compile(r"\.{2,}")


@dataclass(frozen=True)
class StoredFile:
    """One stored file: its tenant's folder name, its key there and its size in bytes."""

    tenant: str
    key: str
    size: int


class DocumentStore(Protocol):
    """What a backup reads from and restores into a documents store: the local folder today,
    an object store later (same four calls)."""

    def files(self) -> Iterator[StoredFile]: ...

    def open(self, tenant: str, key: str) -> IO[bytes]: ...

    def put(self, tenant: str, key: str, source: IO[bytes]) -> None: ...

    def is_empty(self) -> bool: ...


class FileStorage:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _tenant_root(self, tenant_id: str) -> Path:
        return self.root / _SAFE.sub("_", tenant_id)

    def save(self, tenant_id: str, filename: str, content: bytes) -> str:
        """Store ``content``; return the storage key (relative to the tenant's folder)."""
        return self.save_stream(tenant_id, filename, io.BytesIO(content))

    def save_stream(self, tenant_id: str, filename: str, source: IO[bytes]) -> str:
        """Copy ``source`` into a new private file (0600, in 0700 folders); return its key.

        The copy goes in chunks, so an upload never sits whole in memory.
        """
        safe = _DOTS.sub(".", _SAFE.sub("_", filename)).strip(".")[-120:] or "file"
        key = f"{secrets.token_hex(8)}-{safe}"
        folder = self._tenant_root(tenant_id)
        private_folder(folder)
        source.seek(0)
        descriptor = os.open(folder / key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as target:
            shutil.copyfileobj(source, target, CHUNK)
        return key

    def path(self, tenant_id: str, key: str) -> Path | None:
        """The file for ``key`` inside the tenant's folder, or ``None``."""
        root = self._tenant_root(tenant_id).resolve()
        candidate = (root / key).resolve()
        if not candidate.is_relative_to(root) or not candidate.is_file():
            return None
        return candidate

    def delete(self, tenant_id: str, key: str) -> None:
        """Remove the file for ``key`` if it exists inside the tenant's folder."""
        path = self.path(tenant_id, key)
        if path is not None:
            path.unlink(missing_ok=True)

    def files(self) -> Iterator[StoredFile]:
        """Every stored file, tenant by tenant, in a stable order."""
        if not self.root.is_dir():
            return
        for folder in sorted(p for p in self.root.iterdir() if p.is_dir()):
            for path in sorted(p for p in folder.iterdir() if p.is_file()):
                yield StoredFile(folder.name, path.name, path.stat().st_size)

    def open(self, tenant: str, key: str) -> IO[bytes]:
        """The stored file's bytes, to read (:class:`FileNotFoundError` if it is gone)."""
        path = self.path(tenant, key)
        if path is None:
            raise FileNotFoundError(f"{tenant}/{key}")
        return path.open("rb")

    def put(self, tenant: str, key: str, source: IO[bytes]) -> None:
        """Store ``source`` under exactly ``key`` (a restore), private like :meth:`save_stream`;
        a key that is not a plain file name, or already taken, is refused."""
        for name in (tenant, key):
            if not valid_name(name):
                raise ValueError(f"nome di file non valido: {name!r}")
        folder = self._tenant_root(tenant)
        private_folder(folder)
        descriptor = os.open(folder / key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as target:
            shutil.copyfileobj(source, target, CHUNK)

    def is_empty(self) -> bool:
        """Whether no file is stored (empty tenant folders do not count)."""
        return next(self.files(), None) is None


def valid_name(name: str) -> bool:
    """Whether ``name`` can be a tenant's folder or a key as stored: one plain file name."""
    return bool(name) and name == _SAFE.sub("_", name) and name.strip(".") == name


def private_folder(folder: Path) -> None:
    """Create ``folder`` (and missing parents) readable by this user only (0700)."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
        path.chmod(0o700)  # mkdir's mode passes through the umask
