"""The real socketcluster-client (Node, from ``web/node_modules``), steered from pytest.

Each :class:`NodeSocket` is one ``node sc_client/driver.mjs`` process holding one client
socket configured like the browser's. Commands go to its stdin; what the socket hears comes
back as JSON lines, kept in :attr:`NodeSocket.heard` for the tests to assert on.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("sc_client") / "driver.mjs"
NODE = shutil.which("node")
CLIENT_PACKAGE = ROOT / "web" / "node_modules" / "socketcluster-client"


def unavailable() -> str | None:
    """Why the Node client cannot run here, or ``None``."""
    if NODE is None:
        return "node is not installed"
    if not CLIENT_PACKAGE.is_dir():
        return "web/node_modules/socketcluster-client is missing: run `make web-install`"
    return None


class NodeCallFailed(Exception):
    """A command the client rejected (a call's error from the server, a refused channel…)."""

    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error.get('name')}: {error.get('message')}")
        self.name: str = error.get("name", "")
        self.message: str = error.get("message", "")


class NodeSocket:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.heard: list[dict[str, Any]] = []
        self._more = asyncio.Event()
        self._ids = itertools.count(1)
        self._replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())
        self._errors = asyncio.create_task(self._collect_stderr())
        self.stderr = ""

    @classmethod
    async def start(cls, port: int, hostname: str) -> NodeSocket:
        assert NODE is not None
        process = await asyncio.create_subprocess_exec(
            NODE, str(DRIVER), str(port), hostname,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, limit=16 * 1024 * 1024,
        )  # fmt: skip
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            message: dict[str, Any] = json.loads(line)
            if message.get("ev") == "reply":
                future = self._replies.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message)
            else:
                self.heard.append(message)
                self._more.set()
        for future in self._replies.values():
            if not future.done():
                future.set_exception(RuntimeError(f"node exited: {self.stderr[-2000:]}"))
        self._more.set()

    async def _collect_stderr(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.stderr += line.decode(errors="replace")

    async def request(self, op: str, *, timeout: float = 10, **args: Any) -> Any:
        """Run one driver command; its result, or :class:`NodeCallFailed`."""
        assert self.process.stdin is not None
        ident = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[ident] = future
        self.process.stdin.write(json.dumps({"id": ident, "op": op, **args}).encode() + b"\n")
        await self.process.stdin.drain()
        reply = await asyncio.wait_for(future, timeout)
        if not reply["ok"]:
            raise NodeCallFailed(reply["error"])
        return reply["data"]

    # --- the calls the tests make ------------------------------------------------------

    async def connect(self) -> dict[str, Any]:
        status: dict[str, Any] = await self.request("connect")
        return status

    async def invoke(self, name: str, data: Any = None) -> Any:
        return await self.request("invoke", name=name, data=data)

    async def login(self, who: str) -> dict[str, Any]:
        answer: dict[str, Any] = await self.invoke(
            "login", {"email": f"{who}@demo.it", "password": "demo1234", "keep": 1}
        )
        return answer

    async def subscribe(self, channel: str, *, wait_for_auth: bool = False) -> None:
        await self.request("subscribe", channel=channel, waitForAuth=wait_for_auth)

    async def sync(self) -> dict[str, Any]:
        """The app's initial data load: ``getDbData`` and every ``dbData`` batch."""
        synced: dict[str, Any] = await self.request("sync")
        return synced

    async def state(self) -> dict[str, Any]:
        """``state``, ``authState``, ``storedToken``, ``pendingReconnect``, ``collections``."""
        state: dict[str, Any] = await self.request("state")
        return state

    # --- what the socket heard ----------------------------------------------------------

    def mark(self) -> int:
        """A position in :attr:`heard`: pass it as ``since`` to look only at what follows."""
        return len(self.heard)

    def find(
        self, ev: str, *, since: int = 0, where: Callable[[dict[str, Any]], bool] | None = None
    ) -> list[dict[str, Any]]:
        return [
            message
            for message in self.heard[since:]
            if message["ev"] == ev and (where is None or where(message))
        ]

    async def expect(
        self,
        ev: str,
        *,
        since: int = 0,
        timeout: float = 5,
        where: Callable[[dict[str, Any]], bool] | None = None,
    ) -> dict[str, Any]:
        """The first ``ev`` heard after ``since`` that matches ``where``; waits for it."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    self._more.clear()
                    found = self.find(ev, since=since, where=where)
                    if found:
                        return found[0]
                    if self._reader.done():
                        raise RuntimeError(f"node exited: {self.stderr[-2000:]}")
                    await self._more.wait()
        except TimeoutError:
            heard = [message["ev"] for message in self.heard[since:]]
            raise TimeoutError(f"no {ev!r} within {timeout} s; heard since: {heard}") from None

    async def published(
        self, channel: str, *, since: int = 0, item: str | None = None, timeout: float = 5
    ) -> Any:
        """Data published on ``channel`` (an event about ``item`` when given)."""
        message = await self.expect(
            "publish", since=since, timeout=timeout, where=_about(channel, item)
        )
        return message["data"]

    async def never_published(
        self, channel: str, *, since: int = 0, item: str | None = None, wait: float = 0.4
    ) -> bool:
        with contextlib.suppress(TimeoutError):
            await self.published(channel, since=since, item=item, timeout=wait)
            return False
        return True

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.request("exit", timeout=1)
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                await self.process.wait()
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
        await self._reader
        await self._errors


def _about(channel: str, item: str | None) -> Callable[[dict[str, Any]], bool]:
    def matches(message: dict[str, Any]) -> bool:
        if message["channel"] != channel:
            return False
        if item is None:
            return True
        data = message["data"]
        return isinstance(data, dict) and any(
            isinstance(value, dict) and value.get("_id") == item for value in data.values()
        )

    return matches
