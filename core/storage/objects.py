"""Documents in an S3-compatible bucket (obstore): ``[prefix/]<tenant>/<key>``.

Every call that fails for the store's sake (unreachable, refused credentials, a server
error) becomes :class:`StorageUnavailable` (503), logged without any secret.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import IO, TYPE_CHECKING, Any

import obstore
import structlog
from obstore.exceptions import BaseError
from obstore.store import S3Store

from core.storage.base import (
    CHUNK,
    StorageUnavailable,
    StoredFile,
    check_names,
    folder_of,
    new_key,
    valid_name,
)

if TYPE_CHECKING:
    from obstore import BytesStream

log = structlog.get_logger(__name__)

CONNECT_TIMEOUT = timedelta(seconds=5)
RETRIES = {
    "max_retries": 3,
    "retry_timeout": timedelta(seconds=20),
    "backoff": {"init_backoff": timedelta(milliseconds=100), "max_backoff": timedelta(seconds=2)},
}
"""A store that does not answer is a 503 within seconds, not after obstore's three minutes."""
PARTS: dict[str, Any] = {"chunk_size": 5 * CHUNK, "max_concurrency": 4}
"""A large file goes in 5 MB parts, four at a time: at most 20 MB of it in memory."""


@contextmanager
def reachable(action: str) -> Iterator[None]:
    """Turn the store's own failures (not a missing file) into :class:`StorageUnavailable`."""
    try:
        yield
    except FileNotFoundError:
        raise
    except BaseError as exc:
        log.warning("storage.unavailable", action=action, error=str(exc).split("\n")[0][:300])
        raise StorageUnavailable() from exc


def s3_store(
    bucket: str,
    prefix: str,
    *,
    endpoint: str,
    region: str,
    access_key_id: str,
    secret_access_key: str,
    allow_http: bool,
) -> S3Store:
    """The bucket's client; empty settings are left to obstore (AWS, its environment)."""
    config: dict[str, Any] = {
        name: value
        for name, value in (
            ("endpoint", endpoint),
            ("region", region),
            ("access_key_id", access_key_id),
            ("secret_access_key", secret_access_key),
        )
        if value
    }
    return S3Store(
        bucket,
        prefix=prefix or None,
        config=config,  # type: ignore[arg-type]
        client_options={"allow_http": allow_http, "connect_timeout": CONNECT_TIMEOUT},
        retry_config=RETRIES,  # type: ignore[arg-type]
    )


class ObjectStorage:
    """The :class:`~core.storage.DocumentStore` on an S3-compatible bucket."""

    def __init__(self, store: S3Store) -> None:
        self.store = store

    @staticmethod
    def _location(tenant: str, key: str) -> str | None:
        """``<tenant>/<key>``, or ``None`` for a key that is not a plain file name."""
        folder = folder_of(tenant)
        return f"{folder}/{key}" if valid_name(folder) and valid_name(key) else None

    def save(self, tenant: str, filename: str, content: bytes) -> str:
        return self.save_stream(tenant, filename, io.BytesIO(content))

    def save_stream(self, tenant: str, filename: str, source: IO[bytes]) -> str:
        key = new_key(filename)
        source.seek(0)
        with reachable("save"):
            obstore.put(self.store, f"{folder_of(tenant)}/{key}", source, **PARTS)
        return key

    def size(self, tenant: str, key: str) -> int | None:
        location = self._location(tenant, key)
        if location is None:
            return None
        try:
            with reachable("head"):
                return int(obstore.head(self.store, location)["size"])
        except FileNotFoundError:
            return None

    def open(self, tenant: str, key: str) -> IO[bytes]:
        location = self._location(tenant, key)
        if location is None:
            raise FileNotFoundError(f"{tenant}/{key}")
        with reachable("get"):
            chunks = obstore.get(self.store, location).stream(min_chunk_size=CHUNK)
        return io.BufferedReader(_Reader(chunks), CHUNK)

    async def stream(self, tenant: str, key: str, start: int, end: int) -> AsyncIterator[bytes]:
        location = self._location(tenant, key)
        if location is None:
            raise FileNotFoundError(f"{tenant}/{key}")
        with reachable("get"):
            if end > start:
                result = await obstore.get_async(
                    self.store, location, options={"range": (start, end)}
                )
            else:  # nothing to send: still the store says whether the file is there
                await obstore.head_async(self.store, location)
                return _nothing()
        return _async_chunks(result.stream(min_chunk_size=CHUNK))

    def delete(self, tenant: str, key: str) -> None:
        location = self._location(tenant, key)
        if location is not None:
            with reachable("delete"):
                obstore.delete(self.store, location)

    def files(self, tenant: str | None = None) -> Iterator[StoredFile]:
        prefix = None if tenant is None else folder_of(tenant)
        with reachable("list"):
            found = [meta for batch in obstore.list(self.store, prefix) for meta in batch]
        for meta in sorted(found, key=lambda m: m["path"]):
            folder, _, key = meta["path"].partition("/")
            if valid_name(folder) and valid_name(key):
                yield StoredFile(folder, key, int(meta["size"]))

    def put(self, tenant: str, key: str, source: IO[bytes]) -> None:
        check_names(tenant, key)
        if self.size(tenant, key) is not None:
            raise ValueError(f"il file {tenant}/{key} esiste già")
        with reachable("put"):
            obstore.put(self.store, f"{tenant}/{key}", source, **PARTS)

    def is_empty(self) -> bool:
        with reachable("list"):
            first = next(iter(obstore.list(self.store, None, chunk_size=1)), [])
        return not first


class _Reader(io.RawIOBase):
    """A stored object's chunks as a readable file (a backup reads it into its archive)."""

    def __init__(self, chunks: BytesStream) -> None:
        self._chunks = chunks
        self._left = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self._left:
            with reachable("read"):
                self._left = bytes(next(self._chunks, b""))
        size = min(len(buffer), len(self._left))
        buffer[:size] = self._left[:size]
        self._left = self._left[size:]
        return size


async def _async_chunks(chunks: BytesStream) -> AsyncIterator[bytes]:
    with reachable("read"):
        async for chunk in chunks:
            yield bytes(chunk)


async def _nothing() -> AsyncIterator[bytes]:
    return
    yield b""  # pragma: no cover (an async generator with nothing to give)
