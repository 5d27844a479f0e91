"""An S3 API on loopback for tests (moto's server, in a thread), and settings that store the
documents in a fresh bucket of it."""

from __future__ import annotations

import logging
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager

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
    """A fresh, empty bucket on the server at ``endpoint``: its name."""
    import boto3  # type: ignore[import-untyped]

    name = f"sportello-{secrets.token_hex(6)}"
    client = boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=ACCESS_KEY_ID,
        aws_secret_access_key=SECRET_ACCESS_KEY,
    )
    client.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION})
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
