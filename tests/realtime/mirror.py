"""A client that keeps the quotes it may see the way the web store does, and resyncs.

It applies ``dbData`` batches (``null`` removes) and change events, and after any
disconnect does what the browser does: reconnect (to the next server given), present its
token, ``tokenLogin``, then ``getDbData`` with its last watermark.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from typing import Any

from websockets.exceptions import ConnectionClosed

from core.testing import CallFailed, ScClient

COLLECTION = "preventivi"


class Mirror:
    def __init__(self, host: str, email: str, ports: list[int]) -> None:
        self.host = host
        self.email = email
        self.ports = itertools.cycle(ports)
        self.state: dict[str, dict[str, Any]] = {}
        self.token: str | None = None
        self.wm: int | None = None
        self.connections = 0
        self._task: asyncio.Task[None] | None = None
        self._client: ScClient | None = None
        self._pump: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._connect()
        self._task = asyncio.create_task(self._stay_connected())

    async def stop(self) -> None:
        for task in (self._task, self._pump):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._client is not None:
            await self._client.close()

    async def _stay_connected(self) -> None:
        while True:
            assert self._client is not None
            await self._client.closed.wait()
            await self._client.close()
            if self._pump is not None:
                self._pump.cancel()
            while True:
                await asyncio.sleep(0.2)  # the browser waits 1.5-3.5 s; tests need not
                with contextlib.suppress(OSError, CallFailed, TimeoutError, ConnectionClosed):
                    await self._connect()
                    break

    async def _connect(self) -> None:
        client = await ScClient.open(next(self.ports), self.host)
        await client.handshake(self.token)
        if self.token is None:
            self.token = (await client.login(self.email))["token"]
        await client.invoke("tokenLogin", {"t": self.token})
        await client.subscribe(COLLECTION)
        await client.subscribe("dbData")
        self._client = client
        self._pump = asyncio.create_task(self._apply(client))
        request: dict[str, Any] = {COLLECTION: []}
        if self.wm is not None:
            request["wm"] = self.wm
        answer = await client.invoke("getDbData", request, timeout=30)  # a busy machine
        self.wm = answer["wm"]
        self.connections += 1

    async def _apply(self, client: ScClient) -> None:
        while True:
            packet = await client.next_event("#publish", timeout=3600)
            channel, data = packet["data"]["channel"], packet["data"]["data"]
            if channel == "dbData":
                for key, item in data.get(COLLECTION, {}).items():
                    self._put(key, item)
            elif channel == COLLECTION:
                item = data["p"]
                self._put(item["_id"], None if data["operationType"] == "delete" else item)

    def _put(self, key: str, item: dict[str, Any] | None) -> None:
        if item is None:
            self.state.pop(key, None)
        else:
            self.state[key] = item
