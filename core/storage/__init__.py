"""Where documents live: the local folder (the default) or an S3-compatible bucket, behind one
interface (:class:`DocumentStore`). Every file lives under its tenant's name and never leaves
it: ``<tenant>/<key>``."""

from __future__ import annotations

from functools import lru_cache

from core.settings import Settings
from core.storage.base import (
    CHUNK,
    UNAVAILABLE,
    DocumentStore,
    StorageUnavailable,
    StoredFile,
    check_names,
    folder_of,
    new_key,
    private_folder,
    valid_name,
)
from core.storage.local import FileStorage


def configured_store(settings: Settings) -> DocumentStore:
    """The store ``STORAGE_URL`` names: the folder ``DATA_DIR/files`` when it is empty, else
    the bucket (one client per process and configuration, not one per request)."""
    storage = settings.storage
    bucket = storage.bucket()
    if bucket is None:
        return FileStorage(settings.app.data_dir / "files")
    return _object_storage(
        *bucket,
        storage.endpoint,
        storage.region,
        storage.access_key_id,
        storage.secret_access_key.get_secret_value(),
        storage.allow_http,
    )


@lru_cache(maxsize=8)
def _object_storage(
    bucket: str,
    prefix: str,
    endpoint: str,
    region: str,
    access_key_id: str,
    secret_access_key: str,
    allow_http: bool,
) -> DocumentStore:
    from core.storage.objects import ObjectStorage, reachable, s3_store

    with reachable("configure"):  # a setting the client refuses: a 503 and the log says why
        return ObjectStorage(
            s3_store(
                bucket,
                prefix,
                endpoint=endpoint,
                region=region,
                access_key_id=access_key_id,
                secret_access_key=secret_access_key,
                allow_http=allow_http,
            )
        )


__all__ = [
    "CHUNK", "UNAVAILABLE", "DocumentStore", "FileStorage", "StorageUnavailable", "StoredFile",
    "check_names", "configured_store", "folder_of", "new_key", "private_folder", "valid_name",
]  # fmt: skip
