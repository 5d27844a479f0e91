"""STORAGE_*: the local folder by default, an s3:// URL read into bucket and prefix, anything
else refused when the settings are read; the secret never shows in the settings' text."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core.settings import Settings, StorageSettings
from core.storage import FileStorage, configured_store
from core.storage.objects import ObjectStorage


@pytest.mark.parametrize(
    ("url", "bucket"),
    [
        ("", None),
        ("s3://documenti", ("documenti", "")),
        ("s3://documenti/", ("documenti", "")),
        ("s3://doc.sportello-1/prod/eu", ("doc.sportello-1", "prod/eu")),
    ],
)
def test_the_url_names_the_store(url: str, bucket: tuple[str, str] | None) -> None:
    assert StorageSettings(url=url).bucket() == bucket


@pytest.mark.parametrize(
    "url",
    ["documenti", "http://documenti", "s3://", "s3://ab", "s3://Documenti", "s3://a_b/x",
     "s3://docs/../x", "s3://docs/a//b", "s3://docs/x?y=1", "gs://docs"],
)  # fmt: skip
def test_anything_else_is_refused(url: str) -> None:
    with pytest.raises(ValidationError, match="STORAGE_URL"):
        StorageSettings(url=url)


def test_plain_http_needs_its_own_switch() -> None:
    with pytest.raises(ValidationError, match="STORAGE_ALLOW_HTTP=true"):
        StorageSettings(url="s3://docs", endpoint="http://127.0.0.1:9000")
    with pytest.raises(ValidationError, match="STORAGE_ENDPOINT"):
        StorageSettings(url="s3://docs", endpoint="ftp://127.0.0.1:9000")
    assert StorageSettings(url="s3://docs", endpoint="http://127.0.0.1:9000", allow_http=True)
    with pytest.raises(ValidationError, match="vanno date insieme"):
        StorageSettings(url="s3://docs", secret_access_key="solo-la-segreta")


def test_the_store_follows_the_settings_and_its_client_is_kept() -> None:
    local = Settings()
    assert isinstance(configured_store(local), FileStorage)
    storage = StorageSettings(
        url="s3://docs/p",
        endpoint="https://s3.example.test",
        access_key_id="chiave",
        secret_access_key="s3gr3t0",
    )
    remote = local.model_copy(update={"storage": storage})
    store = configured_store(remote)
    assert isinstance(store, ObjectStorage)
    assert configured_store(remote) is store  # one client per process, not per request
    assert "s3gr3t0" not in repr(remote)
    assert "s3gr3t0" not in str(remote.model_dump())
