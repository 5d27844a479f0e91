"""This process's sockets, and the fan-out of events from the bus to them.

Every change is published on the bus (so every process hears it) and delivered by each
process to its own sockets subscribed to the channel, filtered per subscriber by the
channel's rule. No socket ever hears another tenant's event.

The bus is watched (:mod:`core.realtime.watchdog`): when it breaks or goes silent, the hub
reconnects it, then closes its sockets with 1012 so that every client reconnects and
resyncs (``tokenLogin`` + ``getDbData`` with its watermark), and asks the other processes
to do the same for theirs, since what was published meanwhile is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

import msgspec
import structlog

from core.db.changes import Change
from core.extensions import Publication
from core.observability import metrics
from core.realtime import protocol
from core.realtime.bus import Bus
from core.realtime.keepalive import Keepalive
from core.realtime.known_logins import KnownLogins
from core.realtime.otp import OtpWaits
from core.realtime.socket import RealtimeSocket
from core.realtime.watchdog import Heartbeat
from core.settings import RealtimeSettings

log = structlog.get_logger(__name__)
BUS_CHANNEL = "sportello.events"
RESYNC_CLOSE = (1012, "Bus riconnesso: risincronizza")
RECONNECT_BACKOFF_S = (0.2, 0.5, 1.0, 2.0, 5.0)
MISSES_BEFORE_RECOVERY = 2


class Hub:
    def __init__(
        self,
        bus: Bus,
        publications: Mapping[str, Publication],
        heartbeat_s: float = 5.0,
        limits: RealtimeSettings | None = None,
    ) -> None:
        self.bus = bus
        self.publications = publications
        self.sockets: dict[str, set[RealtimeSocket]] = defaultdict(set)
        self._anonymous: dict[str, set[RealtimeSocket]] = {}
        """Sockets by client address, until they are seen logged in: the anonymous cap looks
        at one address's, and a logged-in socket leaves the set the next time it is looked
        at, so an office of 5,000 logged-in sockets behind one address costs nothing."""
        self.heartbeat = Heartbeat(heartbeat_s)
        self.recoveries = 0
        self.lost_messages = False
        """A publish failed: some process missed an event, so every client must resync."""
        self._recovered_at = float("-inf")
        self._listener: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._by_model = {p.model: p for p in publications.values() if p.model is not None}
        self.otp = OtpWaits()
        """Integrations of this process waiting for a one-time code."""
        limits = limits or RealtimeSettings()
        self.keepalive = Keepalive(limits, self.all_sockets)
        self.logins = KnownLogins(ttl_s=limits.login_cache_s)
        """Logins and tenants' lines this process checked, forgotten on every kick."""
        self.lines_channels: frozenset[str] = frozenset()
        """Channels whose events change a tenant's lines (its settings)."""

    def add(self, socket: RealtimeSocket) -> None:
        self.sockets[socket.tenant.id].add(socket)
        metrics.count_sockets(socket.tenant.id, len(self.sockets[socket.tenant.id]))
        self._anonymous.setdefault(socket.address, set()).add(socket)
        self.keepalive.watch(socket)

    def all_sockets(self) -> Iterator[RealtimeSocket]:
        """This process's sockets, on every tenant."""
        for group in self.sockets.values():
            yield from group

    def remove(self, socket: RealtimeSocket) -> None:
        self.sockets[socket.tenant.id].discard(socket)
        metrics.count_sockets(socket.tenant.id, len(self.sockets[socket.tenant.id]))
        same_address = self._anonymous.get(socket.address)
        if same_address is not None:
            same_address.discard(socket)
            if not same_address:
                del self._anonymous[socket.address]

    def anonymous_from(self, address: str) -> int:
        """Open sockets from ``address`` that have not logged in (on any tenant)."""
        waiting = self._anonymous.get(address)
        if not waiting:
            return 0
        gone = [s for s in waiting if s.principal is not None or s.closed]
        waiting.difference_update(gone)
        if not waiting:
            del self._anonymous[address]
        return len(waiting)

    async def start(self) -> None:
        await self._listen_now()
        self._watcher = asyncio.create_task(self._watch(), name="hub-watchdog")

    async def stop(self) -> None:
        await self.keepalive.stop()
        here = asyncio.get_running_loop()
        for task in (self._watcher, self._listener):
            if task is None:
                continue
            if task.get_loop() is not here:
                # started by another start of this hub in another event loop (the test clients
                # start an app once per client): cancelled in its loop, which awaits it
                if not task.get_loop().is_closed():
                    task.get_loop().call_soon_threadsafe(task.cancel)
                continue
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watcher = self._listener = None

    async def _listen_now(self) -> None:
        ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(ready), name="hub-listener")
        waiting = asyncio.create_task(ready.wait())
        await asyncio.wait({waiting, self._listener}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if self._listener.done():
            self._listener.result()  # it failed to subscribe: say why

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

    async def _watch(self) -> None:
        misses = 0
        while True:
            await asyncio.sleep(self.heartbeat.interval_s)
            listening = self._listener is not None and not self._listener.done()
            heard = listening and await self.heartbeat.beat(self._send_bus)
            misses = 0 if heard else misses + 1
            if heard and self.lost_messages:  # the bus is back; what was lost is not
                misses = MISSES_BEFORE_RECOVERY
            if not listening or misses >= MISSES_BEFORE_RECOVERY:  # one slow beat is no outage
                misses = 0
                await self._recover()

    async def _recover(self) -> None:
        """Reconnect the bus until it works, then send every client to resync."""
        log.warning("bus.recovering", kind=self.bus.kind)
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                async with asyncio.timeout(2):  # leaving the dead subscription may hang too
                    await self._listener
        for attempt in range(1_000_000):
            try:
                await self.bus.reconnect()
                await self._listen_now()
                break
            except Exception as exc:  # Redis still down: try again, a little later each time
                delay = RECONNECT_BACKOFF_S[min(attempt, len(RECONNECT_BACKOFF_S) - 1)]
                log.warning("bus.reconnect_failed", error=repr(exc), retry_in=delay)
                await asyncio.sleep(delay)
        self.recoveries += 1
        self.logins.forget_all()  # a kick may have been lost
        self.lost_messages = False
        self._recovered_at = time.monotonic()
        await self._close_for_resync()
        with contextlib.suppress(Exception):
            await self._send_bus({"resync": self.heartbeat.nonce})

    async def _close_for_resync(self) -> None:
        sockets = list(self.all_sockets())
        log.info("hub.clients_resync", sockets=len(sockets))
        for socket in sockets:
            socket.close_soon(*RESYNC_CLOSE)

    async def publish_changes(self, changes: list[Change]) -> None:
        """The ``on_commit`` hook: one bus message per change a channel carries.

        The commit stands whatever happens here; a bus failure is logged and left to the
        watchdog, and clients recover what they missed with a watermark resync.
        """
        for change in changes:
            publication = self._by_model.get(type(change.obj))
            if publication is None or publication.serialize is None:
                continue
            if publication.channel in self.lines_channels:
                self.logins.forget_lines(change.tenant_id)  # here at once, elsewhere by the bus
            item = publication.serialize(change.obj)
            data = {"operationType": change.operation, publication.key: item}
            message: dict[str, Any] = {"t": change.tenant_id, "c": publication.channel, "d": data}
            message["at"] = time.time()  # the fan-out latency counts from here
            if change.previous_scope is not None:
                message["gone"] = change.previous_scope
            try:
                await self._send_bus(message)
            except Exception as exc:  # redis' errors, OSError, timeouts
                log.warning("hub.publish_failed", error=repr(exc), channel=publication.channel)

    async def kick(
        self,
        tenant_id: str,
        user_id: str,
        code: int,
        reason: str,
        *,
        jti: str | None = None,
        older_than: int | None = None,
    ) -> None:
        """Close the sockets of one user, on every process (the commit stands regardless):
        all of them, those logged in with token ``jti``, or those whose credentials
        version is below ``older_than``."""
        self.logins.forget_user(tenant_id, user_id)  # here at once, elsewhere by the bus
        message: dict[str, Any] = {"t": tenant_id, "kick": user_id, "code": code, "why": reason}
        if jti is not None:
            message["jti"] = jti
        if older_than is not None:
            message["cv"] = older_than
        try:
            await self._send_bus(message)
        except Exception as exc:  # the user's next call is refused anyway
            log.warning("hub.kick_failed", error=repr(exc), user=user_id)

    async def close_channels(self, tenant_id: str, channels: list[str], reason: str) -> None:
        """Unsubscribe every socket of a tenant from ``channels``, on every process
        (``#kickOut``: the client marks them unsubscribed and may subscribe again later)."""
        if channels:
            await self._send_bus({"t": tenant_id, "drop": channels, "why": reason})

    async def publish_private(self, tenant_id: str, user_id: str, data: Any) -> None:
        await self._send_bus({"t": tenant_id, "c": f"priv/{user_id}", "d": data})

    async def submit_otp(self, tenant_id: str, company: str, code: str) -> None:
        """A one-time code, to the integrations waiting for it on every process."""
        message = {"t": tenant_id, "otp": company, "code": code}
        if self.bus.connected:
            await self._send_bus(message)
        else:  # no bus (a CLI run): only this process can be waiting
            self.otp.resolve(tenant_id, company, code)

    async def send_event(self, tenant_id: str | None, name: str) -> None:
        """A server event such as ``restartApp`` to every socket of a tenant (or all)."""
        await self._send_bus({"t": tenant_id, "e": name})

    async def _send_bus(self, message: dict[str, Any]) -> None:
        if not self.bus.connected:  # a CLI run or a test without a server: no one listens
            return
        try:
            await self.bus.publish(BUS_CHANNEL, msgspec.json.encode(message).decode())
        except Exception:
            if "hb" not in message:
                self.lost_messages = True
            raise

    async def _deliver(self, message: dict[str, Any]) -> None:
        if "hb" in message:
            self.heartbeat.heard(message)
            return
        if "resync" in message:
            await self._resync_asked(str(message["resync"]))
            return
        tenant_id = message.get("t")
        targets = self.sockets.get(tenant_id, set()) if tenant_id else set(self.all_sockets())
        if "kick" in message:
            self.logins.forget_user(str(tenant_id), str(message["kick"]))
            code, reason = int(message["code"]), str(message["why"])
            for socket in [s for s in list(targets) if _ended(s, message)]:
                socket.close_soon(code, reason)
            return
        if "drop" in message:
            self._kick_out(targets, list(message["drop"]), str(message["why"]))
            return
        if "otp" in message:
            self.otp.resolve(str(tenant_id), str(message["otp"]), str(message["code"]))
            return
        if "e" in message:
            text = protocol.encode(protocol.event(str(message["e"])))
            for socket in list(targets):
                socket.push(text)
            return
        channel = str(message["c"])
        if channel in self.lines_channels and tenant_id:
            self.logins.forget_lines(str(tenant_id))
        with metrics.timed_fanout(message.get("at")):
            self._deliver_change(targets, channel, message["d"], message.get("gone"))

    @staticmethod
    def _kick_out(targets: set[RealtimeSocket], channels: list[str], reason: str) -> None:
        for socket in list(targets):
            for channel in channels:
                if socket.unsubscribe(channel):
                    kick = {"channel": channel, "message": reason}
                    socket.push(protocol.encode(protocol.event(protocol.KICK_OUT, kick)))

    async def _resync_asked(self, nonce: str) -> None:
        """Another process lost its bus: what it published meanwhile never reached us."""
        recently = time.monotonic() - self._recovered_at < 2 * self.heartbeat.interval_s
        if nonce != self.heartbeat.nonce:
            self.logins.forget_all()  # its kicks may be among what was lost
        if nonce != self.heartbeat.nonce and not recently:
            await self._close_for_resync()

    def _deliver_change(
        self, targets: set[RealtimeSocket], channel: str, data: Any, gone: Any
    ) -> None:
        """Queue the event on every socket that may see it: one encoding, no waiting."""
        publication = self.publications.get(channel)
        item = data.get(publication.key) if publication and isinstance(data, dict) else None
        receivers: list[RealtimeSocket] = []
        losers: list[RealtimeSocket] = []
        for socket in list(targets):
            if channel not in socket.subscriptions or socket.principal is None:
                continue
            if publication is None or publication.may_receive(socket.principal, item or {}):
                receivers.append(socket)
            elif gone and publication.may_receive(socket.principal, gone):
                losers.append(socket)  # the record moved out of this user's view
        if receivers:
            text = protocol.encode(protocol.publish(channel, data))
            for socket in receivers:
                socket.deliver(text)
        if losers and publication is not None and gone:
            removal = {"operationType": "delete", publication.key: {"_id": gone["_id"]}}
            text = protocol.encode(protocol.publish(channel, removal))
            for socket in losers:
                socket.deliver(text)


def _ended(socket: RealtimeSocket, kick: dict[str, Any]) -> bool:
    """Whether a kick message ends ``socket``'s session."""
    session = socket.session
    if socket.user_id != kick["kick"] or session is None:
        return False
    if "jti" in kick:
        return bool(session.jti == kick["jti"])
    if "cv" in kick:
        return session.credentials_version < int(kick["cv"])
    return True
