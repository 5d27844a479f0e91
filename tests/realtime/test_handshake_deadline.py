"""A socket that never sends ``#handshake`` is gone soon after its deadline, even when its peer
never answers the close (it was dropped only after uvicorn's own 10 s close wait)."""

from __future__ import annotations

import asyncio
import base64
import secrets
import time

from core.runtime import Runtime
from core.settings import Settings
from core.testing import serving

DEADLINE_MS = 2000
LATE_S = 4
"""How late the drop may come on a busy runner: well short of uvicorn's 10 s close wait."""
PING_INTERVAL_MS = 8000
"""As in production, pings are far rarer than the handshake deadline."""


async def _upgraded_and_silent(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket upgrade from a peer that then sends nothing, not even a close reply."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    writer.write(
        (
            "GET /socketcluster/ HTTP/1.1\r\nHost: assicurapp.localhost\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    status = await reader.readline()
    assert status.startswith(b"HTTP/1.1 101"), status
    await reader.readuntil(b"\r\n\r\n")
    return reader, writer


async def test_a_socket_that_never_shakes_hands_is_dropped_soon_after_its_deadline(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(
        settings, runtime, handshake_timeout_ms=DEADLINE_MS, ping_interval_ms=PING_INTERVAL_MS
    ) as live:
        reader, writer = await _upgraded_and_silent(live.port)
        opened = time.monotonic()
        received = b""
        async with asyncio.timeout(15):
            while chunk := await reader.read(65536):  # the close frame, then the end
                received += chunk
        gone_after = time.monotonic() - opened
        writer.close()
    assert received[:1] == b"\x88"  # a close frame came first (code 4005)
    assert int.from_bytes(received[2:4], "big") == 4005
    assert DEADLINE_MS / 1000 - 0.1 <= gone_after < DEADLINE_MS / 1000 + LATE_S
