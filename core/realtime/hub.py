"""This process's sockets, and the fan-out of events from the bus to them.

Every change is published on the bus (so every process hears it) and delivered by each
process to its own sockets subscribed to the channel, filtered per subscriber by the
channel's rule. No socket ever hears another tenant's event.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import msgspec
import structlog

from core.extensions import Publication
from core.realtime import protocol
from core.realtime.bus import Bus
from core.realtime.changes import Change
from core.realtime.socket import RealtimeSocket

log = structlog.get_logger(__name__)
BUS_CHANNEL = "sportello.events"


class Hub:
    def __init__(self, bus: Bus, publications: Mapping[str, Publication]) -> None:
        self.bus = bus
        self.publications = publications
        self.sockets: dict[str, set[RealtimeSocket]] = defaultdict(set)
        self._listener: asyncio.Task[None] | None = None
        self._by_model = {p.model: p for p in publications.values() if p.model is not None}

    def add(self, socket: RealtimeSocket) -> None:
        self.sockets[socket.tenant.id].add(socket)

    def remove(self, socket: RealtimeSocket) -> None:
        self.sockets[socket.tenant.id].discard(socket)

    async def start(self) -> None:
        ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(ready), name="hub-listener")
        await ready.wait()

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener

    async def _listen(self, ready: asyncio.Event) -> None:
        async with self.bus.broadcast.subscribe(channel=BUS_CHANNEL) as subscriber:
            ready.set()
            async for message in subscriber:  # type: ignore[union-attr]
                if message is None:
                    continue
                try:
                    await self._deliver(msgspec.json.decode(message.message))
                except Exception:  # one bad message must not stop the fan-out
                    log.exception("hub.delivery_failed")

    async def publish_changes(self, changes: list[Change]) -> None:
        """The ``on_commit`` hook: one bus message per change a channel carries."""
        for change in changes:
            publication = self._by_model.get(type(change.obj))
            if publication is None or publication.serialize is None:
                continue
            item = publication.serialize(change.obj)
            data = {"operationType": change.operation, publication.key: item}
            await self._send_bus({"t": change.tenant_id, "c": publication.channel, "d": data})

    async def publish_private(self, tenant_id: str, user_id: str, data: Any) -> None:
        await self._send_bus({"t": tenant_id, "c": f"priv/{user_id}", "d": data})

    async def send_event(self, tenant_id: str | None, name: str) -> None:
        """A server event such as ``restartApp`` to every socket of a tenant (or all)."""
        await self._send_bus({"t": tenant_id, "e": name})

    async def _send_bus(self, message: dict[str, Any]) -> None:
        if not self.bus.connected:  # a CLI run or a test without a server: no one listens
            return
        await self.bus.publish(BUS_CHANNEL, msgspec.json.encode(message).decode())

    async def _deliver(self, message: dict[str, Any]) -> None:
        tenant_id = message.get("t")
        targets = (
            self.sockets.get(tenant_id, set())
            if tenant_id
            else {s for group in self.sockets.values() for s in group}
        )
        if "e" in message:
            packet = protocol.event(str(message["e"]))
            await asyncio.gather(*(s.send(packet) for s in list(targets)))
            return
        channel, data = str(message["c"]), message["d"]
        publication = self.publications.get(channel)
        item = data.get(publication.key) if publication and isinstance(data, dict) else None
        receivers = [
            socket
            for socket in list(targets)
            if channel in socket.subscriptions
            and socket.principal is not None
            and (publication is None or publication.may_receive(socket.principal, item or {}))
        ]
        if receivers:
            text = protocol.encode(protocol.publish(channel, data))
            await asyncio.gather(*(s.send(text) for s in receivers))
