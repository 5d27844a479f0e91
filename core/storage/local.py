"""Local file storage: one private folder per tenant under ``DATA_DIR/files``."""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import IO

from anyio import to_thread

from core.storage.base import CHUNK, StoredFile, check_names, folder_of, new_key, private_folder


class FileStorage:
    """Files in ``root/<tenant>/<key>``: 0600 in 0700 folders."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _tenant_root(self, tenant: str) -> Path:
        return self.root / folder_of(tenant)

    def _write(self, tenant: str, key: str, source: IO[bytes]) -> None:
        """Copy ``source`` into a new private file, in chunks (never whole in memory)."""
        folder = self._tenant_root(tenant)
        private_folder(folder)
        descriptor = os.open(folder / key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as target:
            shutil.copyfileobj(source, target, CHUNK)

    def save(self, tenant: str, filename: str, content: bytes) -> str:
        """Store ``content``; return the storage key (relative to the tenant's folder)."""
        return self.save_stream(tenant, filename, io.BytesIO(content))

    def save_stream(self, tenant: str, filename: str, source: IO[bytes]) -> str:
        """Copy ``source`` from its start into a new private file; return its key."""
        key = new_key(filename)
        source.seek(0)
        self._write(tenant, key, source)
        return key

    def path(self, tenant: str, key: str) -> Path | None:
        """The file for ``key`` inside the tenant's folder, or ``None``."""
        root = self._tenant_root(tenant).resolve()
        candidate = (root / key).resolve()
        if not candidate.is_relative_to(root) or candidate == root or not candidate.is_file():
            return None
        return candidate

    def size(self, tenant: str, key: str) -> int | None:
        path = self.path(tenant, key)
        return None if path is None else path.stat().st_size

    def open(self, tenant: str, key: str) -> IO[bytes]:
        path = self.path(tenant, key)
        if path is None:
            raise FileNotFoundError(f"{tenant}/{key}")
        return path.open("rb")

    async def stream(self, tenant: str, key: str, start: int, end: int) -> AsyncIterator[bytes]:
        source = await to_thread.run_sync(self.open, tenant, key)
        try:
            await to_thread.run_sync(source.seek, start)
        except BaseException:
            source.close()
            raise
        return _chunks(source, end - start)

    def delete(self, tenant: str, key: str) -> None:
        path = self.path(tenant, key)
        if path is not None:
            path.unlink(missing_ok=True)

    def files(self, tenant: str | None = None) -> Iterator[StoredFile]:
        if not self.root.is_dir():
            return
        folders = [self._tenant_root(tenant)] if tenant is not None else self.root.iterdir()
        for folder in sorted(p for p in folders if p.is_dir()):
            for path in sorted(p for p in folder.iterdir() if p.is_file()):
                yield StoredFile(folder.name, path.name, path.stat().st_size)

    def put(self, tenant: str, key: str, source: IO[bytes]) -> None:
        check_names(tenant, key)
        self._write(tenant, key, source)

    def is_empty(self) -> bool:
        """Whether no file is stored (empty tenant folders do not count)."""
        return next(self.files(), None) is None


async def _chunks(source: IO[bytes], remaining: int) -> AsyncIterator[bytes]:
    """``remaining`` bytes of the open file, a chunk at a time; the file closed at the end."""
    try:
        while remaining > 0:
            chunk = await to_thread.run_sync(source.read, min(CHUNK, remaining))
            if not chunk:
                break
            remaining -= len(chunk)
            yield chunk
    finally:
        source.close()
