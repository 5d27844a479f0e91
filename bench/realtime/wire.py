"""Client side of both wire protocols on one websocket library, so both clients cost the same.

SocketCluster v2 (DESIGN §4) for sportello; Engine.IO v4 + Socket.IO v5 for python-socketio.
Each connection records the quote events it hears on the watched channel as deliveries:
``(quote id, status, receive time)``, the time on the machine-wide monotonic clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from typing import Any, Literal

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

Delivery = tuple[str, str, float]
Compression = Literal["deflate", "none"]
WATCHED = "preventivi"

_decode = msgspec.json.decode
_encode = msgspec.json.Encoder().encode


class CallFailed(RuntimeError):
    """The server answered a call with an error."""


async def _open(url: str, port: int, compression: Compression) -> ClientConnection:
    return await connect(
        url,
        host="127.0.0.1",
        port=port,
        max_size=None,
        compression=None if compression == "none" else "deflate",
        ping_interval=None,  # each protocol has its own keep-alive, answered below
        open_timeout=30,
    )


class Connection:
    """A websocket read by a task of its own; calls wait for their reply."""

    def __init__(self, ws: ClientConnection, deliveries: list[Delivery] | None) -> None:
        self.ws = ws
        self.deliveries = deliveries if deliveries is not None else []
        self.published: list[tuple[str, Any]] = []
        """Events on channels other than the watched one (``dbData`` batches…)."""
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                at = time.monotonic()
                await self._on_text(raw if isinstance(raw, str) else raw.decode(), at)
        except ConnectionClosed:
            pass
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connessione chiusa"))

    async def _on_text(self, text: str, at: float) -> None:
        raise NotImplementedError

    def _record(self, channel: str, data: Any, at: float) -> None:
        item = data.get("p") if channel == WATCHED and isinstance(data, dict) else None
        if isinstance(item, dict):
            self.deliveries.append((item["_id"], item["status"], at))
        else:
            self.published.append((channel, data))

    def _resolve(self, call_id: int, data: Any, error: Any = None) -> None:
        future = self._waiting.pop(call_id, None)
        if future is None or future.done():
            return
        if error is not None:
            future.set_exception(CallFailed(str(error)))
        else:
            future.set_result(data)

    def _expect(self) -> tuple[int, asyncio.Future[Any]]:
        call_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[call_id] = future
        return call_id, future

    async def send_call(self, event: str, data: Any) -> tuple[float, asyncio.Future[Any]]:
        """Send a call now; the time it left and the future of its reply."""
        raise NotImplementedError

    async def invoke(self, event: str, data: Any = None, within: float = 30) -> Any:
        """Call and wait for the reply (at most ``within`` seconds)."""
        _sent, future = await self.send_call(event, data)
        return await asyncio.wait_for(future, within)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 5)
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


class ScConnection(Connection):
    """SocketCluster v2: JSON packets, ``cid``/``rid`` calls, ``""`` pings answered."""

    @classmethod
    async def open(
        cls,
        port: int,
        host: str,
        deliveries: list[Delivery] | None = None,
        compression: Compression = "deflate",
    ) -> ScConnection:
        url = f"ws://{host}:{port}/socketcluster/"
        return cls(await _open(url, port, compression), deliveries)

    async def _on_text(self, text: str, at: float) -> None:
        if text == "":
            await self.ws.send("")
            return
        decoded = _decode(text)
        for packet in decoded if isinstance(decoded, list) else [decoded]:
            rid = packet.get("rid")
            if rid is not None:
                self._resolve(rid, packet.get("data"), packet.get("error"))
            elif packet.get("event") == "#publish":
                body = packet["data"]
                self._record(body["channel"], body.get("data"), at)

    async def send_call(self, event: str, data: Any) -> tuple[float, asyncio.Future[Any]]:
        cid, future = self._expect()
        frame = _encode({"event": event, "data": data, "cid": cid}).decode()
        sent = time.monotonic()
        await self.ws.send(frame)
        return sent, future

    async def handshake(self, token: str | None) -> None:
        answer = await self.invoke("#handshake", {"authToken": token})
        if token and not answer.get("isAuthenticated"):
            raise CallFailed(f"handshake: token rifiutato {answer.get('authError')}")

    async def subscribe(self, channel: str) -> None:
        await self.invoke("#subscribe", {"channel": channel})


class SioConnection(Connection):
    """Engine.IO v4 over a websocket: ``0`` open, ``40`` connect, ``42`` events, ``2``/``3``."""

    @classmethod
    async def open(
        cls,
        port: int,
        host: str,
        deliveries: list[Delivery] | None = None,
        compression: Compression = "deflate",
    ) -> SioConnection:
        url = f"ws://{host}:{port}/socket.io/?EIO=4&transport=websocket"
        ws = await _open(url, port, compression)
        opened = await asyncio.wait_for(ws.recv(), 30)
        if not str(opened).startswith("0"):
            raise ConnectionError(f"Engine.IO: apertura inattesa {opened!r}")
        await ws.send("40")
        connected = await asyncio.wait_for(ws.recv(), 30)
        if not str(connected).startswith("40"):
            raise ConnectionError(f"Socket.IO: connessione rifiutata {connected!r}")
        return cls(ws, deliveries)

    async def _on_text(self, text: str, at: float) -> None:
        if text == "2":
            await self.ws.send("3")
        elif text.startswith("42"):
            event, *args = _decode(text[2:].lstrip("0123456789"))
            self._record(event, args[0] if args else None, at)
        elif text.startswith("43"):
            body = text[2:]
            digits = len(body) - len(body.lstrip("0123456789"))
            args = _decode(body[digits:])
            self._resolve(int(body[:digits]), args[0] if args else None)

    async def send_call(self, event: str, data: Any) -> tuple[float, asyncio.Future[Any]]:
        ack, future = self._expect()
        frame = f"42{ack}" + _encode([event, data]).decode()
        sent = time.monotonic()
        await self.ws.send(frame)
        return sent, future
