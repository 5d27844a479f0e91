"""Logins and sockets as the session tests open them, and how they wait for a close."""

from __future__ import annotations

import asyncio

from core.testing import Live, ScClient


async def socket_with(live: Live, token: str) -> ScClient:
    """A socket on assicurapp, handshaken with ``token`` (which must be accepted)."""
    client = await live.client("assicurapp")
    assert (await client.handshake(token))["isAuthenticated"] is True
    return client


async def closed_with(client: ScClient) -> int | None:
    """The code the server closes ``client`` with (within 5 s)."""
    async with asyncio.timeout(5):
        await client.closed.wait()
    return client.close_code
