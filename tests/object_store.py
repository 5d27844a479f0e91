"""An S3 API on loopback for tests (moto's server, in a thread), and settings that store the
documents in a fresh bucket of it: the fixtures ``s3_endpoint`` and ``s3_settings``."""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from core.settings import Settings, StorageSettings

REGION = "eu-south-1"
ACCESS_KEY_ID = "sportello-test"
SECRET_ACCESS_KEY = "sportello-test-secret"  # moto accepts any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def s3_server() -> Iterator[str]:
    """moto's S3 server on a free loopback port, for as long as the block runs: its URL."""
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


def new_bucket(endpoint: str) -> str:
    """A fresh, empty bucket on the server at ``endpoint``: its name. (S3's CreateBucket is a
    plain PUT; moto does not check the signature, so no S3 client is needed for it.)"""
    name = f"sportello-{secrets.token_hex(6)}"
    where = (
        '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
        f"<LocationConstraint>{REGION}</LocationConstraint></CreateBucketConfiguration>"
    )
    httpx.put(f"{endpoint}/{name}", content=where.encode(), timeout=10).raise_for_status()
    return name


def on_bucket(settings: Settings, endpoint: str, bucket: str, prefix: str = "docs") -> Settings:
    """``settings`` with the documents in ``bucket`` (under ``prefix``) at ``endpoint``."""
    storage = StorageSettings(
        url=f"s3://{bucket}/{prefix}" if prefix else f"s3://{bucket}",
        endpoint=endpoint,
        region=REGION,
        access_key_id=ACCESS_KEY_ID,
        secret_access_key=SECRET_ACCESS_KEY,
        allow_http=True,
    )
    return settings.model_copy(update={"storage": storage})


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """An S3 API on loopback (moto's server), started once per test worker: its URL."""
    with s3_server() as endpoint:
        yield endpoint


@pytest.fixture
def s3_settings(settings: Settings, s3_endpoint: str) -> Settings:
    """The test settings with the documents in a fresh, empty bucket of :func:`s3_endpoint`."""
    return on_bucket(settings, s3_endpoint, new_bucket(s3_endpoint))
