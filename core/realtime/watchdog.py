"""Heartbeats through the bus, so a process notices when its subscription went silent.

broadcaster's Redis subscriber can hang without an error when Redis drops: publishing
works again once Redis is back, but nothing is heard. Each process publishes a heartbeat
every ``BROADCAST_HEARTBEAT_S`` and expects to hear it back; a heartbeat that fails or
goes unheard makes the hub reconnect the bus and send its clients to resync.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

log = structlog.get_logger(__name__)


class Heartbeat:
    """One process's heartbeats: ``beat`` sends one and waits to hear it come back."""

    def __init__(self, interval_s: float) -> None:
        self.interval_s = interval_s
        self.nonce = secrets.token_hex(8)
        self._numbers = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[None]] = {}

    def message(self, number: int) -> dict[str, Any]:
        return {"hb": self.nonce, "n": number}

    def heard(self, message: dict[str, Any]) -> None:
        """Called for every heartbeat the bus delivers; only ours are awaited."""
        if message.get("hb") != self.nonce:
            return
        waiter = self._waiting.pop(int(message.get("n", -1)), None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def beat(self, send: Callable[[dict[str, Any]], Awaitable[None]]) -> bool:
        """Whether a heartbeat sent now is heard within the interval."""
        number = next(self._numbers)
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[number] = waiter
        try:
            async with asyncio.timeout(self.interval_s):
                await send(self.message(number))
                await waiter
            return True
        except Exception as exc:  # timeouts, redis' errors, OSError
            log.warning("bus.heartbeat_lost", error=repr(exc))
            return False
        finally:
            self._waiting.pop(number, None)
