"""A small SocketCluster v2 client for tests: real websocket, handshake, calls, pongs."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

LOGIN_TIMEOUT_S = 15
"""How long a test's login may take before it fails."""

CALL_TIMEOUT_S = 10
"""How long any other call may take: a test checks what a call answers, not how fast (the
benches do), and a busy 2-core runner has held a 50 ms call for over 5 s."""


class CallFailed(Exception):
    """A call answered with an error: its ``name`` and Italian ``message``."""

    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(error.get("message"))
        self.name = error.get("name")
        self.message = error.get("message")
        self.error = error


class CallTimedOut(AssertionError):
    """No answer to a call within its deadline; the message says where the server's tasks
    and the database's sessions were waiting at that moment."""

    def __init__(self, event: str, timeout: float) -> None:
        from core.testing.waits import waits_report

        super().__init__(f"no answer to {event!r} within {timeout} s\n{waits_report()}")


class ClosedDuringCall(AssertionError):
    """The socket closed while a call waited for its answer: its close code and reason."""

    def __init__(self, cid: int, ws: ClientConnection) -> None:
        super().__init__(
            f"the socket closed (code {ws.close_code}, {ws.close_reason!r}) "
            f"before call {cid} was answered"
        )


class ScClient:
    """Talks the wire protocol of DESIGN §4 and records what the server pushes."""

    def __init__(self, ws: ClientConnection, *, answer_pings: bool = True) -> None:
        self.ws = ws
        self.answer_pings = answer_pings
        self.pings = 0
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._cids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())
        self.close_code: int | None = None
        self.closed = asyncio.Event()
        self.subscribed: set[str] = set()
        self.user_id: str | None = None

    @classmethod
    async def open(cls, port: int, host: str, **options: Any) -> ScClient:
        ws = await connect(
            f"ws://{host}:{port}/socketcluster/", host="127.0.0.1", port=port, max_size=None
        )
        return cls(ws, **options)

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                text = raw if isinstance(raw, str) else raw.decode()
                if text == "":
                    self.pings += 1
                    if self.answer_pings:
                        await self.ws.send("")
                    continue
                decoded = json.loads(text)
                for packet in decoded if isinstance(decoded, list) else [decoded]:
                    rid = packet.get("rid")
                    if rid is not None and rid in self._waiting:
                        self._waiting.pop(rid).set_result(packet)
                    else:
                        await self.events.put(packet)
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.closed.set()
            for cid, future in self._waiting.items():  # no answer can come any more
                if not future.done():
                    future.set_exception(ClosedDuringCall(cid, self.ws))
            self._waiting.clear()

    async def send_raw(self, text: str) -> None:
        await self.ws.send(text)

    async def invoke(self, event: str, data: Any = None, timeout: float = CALL_TIMEOUT_S) -> Any:
        cid = next(self._cids)
        if self.closed.is_set():
            raise ClosedDuringCall(cid, self.ws)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[cid] = future
        await self.ws.send(json.dumps({"event": event, "data": data, "cid": cid}))
        try:
            packet = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self._waiting.pop(cid, None)
            raise CallTimedOut(event, timeout) from None
        if "error" in packet:
            raise CallFailed(packet["error"])
        return packet.get("data")

    async def transmit(self, event: str, data: Any = None) -> None:
        await self.ws.send(json.dumps({"event": event, "data": data}))

    async def handshake(self, token: str | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = await self.invoke("#handshake", {"authToken": token})
        return answer

    async def login(self, email: str, password: str = "demo1234") -> dict[str, Any]:
        """Log in on this socket. The deadline is wider than a call's: a login is a test's
        set-up, not what it checks, and it waits for argon2's slot behind whatever else the
        machine runs."""
        answer: dict[str, Any] = await self.invoke(
            "login", {"email": email, "password": password, "keep": 1}, timeout=LOGIN_TIMEOUT_S
        )
        self.user_id = answer["u"]["_id"]
        return answer

    async def subscribe(self, channel: str) -> None:
        await self.invoke("#subscribe", {"channel": channel})
        self.subscribed.add(channel)

    async def next_event(self, name: str | None = None, timeout: float = 3) -> dict[str, Any]:
        while True:
            packet = await asyncio.wait_for(self.events.get(), timeout)
            if name is None or packet.get("event") == name:
                return packet

    async def published(self, channel: str, timeout: float = 3) -> Any:
        while True:
            packet = await self.next_event("#publish", timeout)
            if packet["data"]["channel"] == channel:
                return packet["data"]["data"]

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader
