"""A real SMTP server on this machine for the tests that mail: aiosmtpd with the test's handler."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    """A port of this machine no one listens on (until someone does)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def smtp_server(handler: Any) -> Iterator[int]:
    """An SMTP server handing each message to ``handler`` (aiosmtpd's ``handle_DATA``); its port."""
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()
