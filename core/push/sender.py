"""Sending Web Pushes off the request path.

A request only queues a :class:`Push` (a bounded queue: past ``PUSH_QUEUE_SIZE`` a push is
dropped and logged, never waited for); a few workers encrypt and post them with the tenant's
VAPID key (pywebpush), retry a service that failed (5xx, 429, no answer) with a growing pause,
and remove a subscription the service says is gone (404, 410). A chat message's push waits a
moment first, and skips whoever saw the room meanwhile (they are looking at it) and whoever
may no longer see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import structlog
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush_async
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.db.engine import Database
from core.observability.metrics import PUSH_QUEUE_DEPTH
from core.push.keys import tenant_keys
from core.settings import Settings

log = structlog.get_logger(__name__)

GONE = frozenset({404, 410})
TTL_S = 24 * 3600


@dataclass(frozen=True, slots=True)
class Target:
    """A subscription as read (no database object outlives the read)."""

    id: str
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True, slots=True)
class Push:
    """A notification for some users of one tenant: ``title``, ``body`` and the ``url`` a
    click opens. ``chat``: (room id, message id) for a chat message's push, which goes to
    whoever may see the room but its sender (``user_ids`` unused)."""

    tenant_id: str
    user_ids: tuple[str, ...]
    title: str
    body: str
    url: str
    tag: str | None = None
    chat: tuple[str, str] | None = None
    alert: tuple[str, tuple[str, ...]] | None = None
    """(quote id, roles the quote's status alerts): to those roles' users who see the quote."""
    office: tuple[str | None, str | None] | None = None
    """A record's (agent, parent agent): to the office (admins and responsabili) who see it."""


@dataclass
class PushSender:
    db: Database
    settings: Settings
    queue: asyncio.Queue[Push] | None = None
    """Made by :meth:`start` in the running loop; without it (a CLI run) pushes are dropped."""
    workers: list[asyncio.Task[None]] = field(default_factory=list)
    http: aiohttp.ClientSession | None = None
    sent: int = 0
    """Pushes the services accepted (for tests and logs)."""

    def send(self, push: Push) -> bool:
        """Queue ``push``; ``False`` (and a log line) when the queue is full."""
        if not push.user_ids and push.chat is None and push.alert is None and push.office is None:
            return True
        if self.queue is None:
            return False
        try:
            self.queue.put_nowait(push)
            PUSH_QUEUE_DEPTH.set(self.queue.qsize())
        except asyncio.QueueFull:
            log.warning("push.dropped", tenant=push.tenant_id, reason="queue full")
            return False
        return True

    async def start(self) -> None:
        self.queue = asyncio.Queue(self.settings.push.queue_size)
        self.http = aiohttp.ClientSession()
        self.workers = [
            asyncio.create_task(self._work(), name=f"push-{n}")
            for n in range(self.settings.push.concurrency)
        ]

    async def stop(self) -> None:
        for worker in self.workers:
            worker.cancel()
        for worker in self.workers:
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        self.workers = []
        self.queue = None
        PUSH_QUEUE_DEPTH.set(0)  # what was queued is dropped
        if self.http is not None:
            await self.http.close()
            self.http = None

    async def _work(self) -> None:
        queue = self.queue
        assert queue is not None  # started
        while True:
            push = await queue.get()
            PUSH_QUEUE_DEPTH.set(queue.qsize())
            try:
                await self._deliver(push)
            except Exception as exc:  # one push failing never stops the worker
                log.warning("push.failed", tenant=push.tenant_id, error=repr(exc))
            finally:
                queue.task_done()

    async def _deliver(self, push: Push) -> None:
        """Read whom to push in a read-only session, post with no transaction open (a slow
        service holds no lock), then delete the subscriptions the services called gone."""
        if push.chat is not None:
            await asyncio.sleep(self.settings.push.chat_grace_s)
        with tenant_scope(push.tenant_id):
            async with self.db.read_session() as session:
                users = list(push.user_ids)
                if push.chat is not None:
                    users = await _still_unseen(session, *push.chat)
                if push.alert is not None:
                    users = await _alerted(session, *push.alert)
                if push.office is not None:
                    users = await _office(session, *push.office)
                if not users:
                    return
                stmt = select(m.WebPushSubscription).where(m.WebPushSubscription.user_id.in_(users))
                subscriptions = [
                    Target(row.id, row.endpoint, row.p256dh, row.auth)
                    for row in (await session.execute(stmt)).scalars()
                ]
                keys = select(m.TenantSettings.vapid_private_key)
                private = (await session.execute(keys)).scalars().first()
            if not subscriptions:
                return
            if not private:
                async with self.db.session() as session:
                    _, private = await tenant_keys(session)
            vapid = Vapid02.from_pem(private.encode())
            payload = json.dumps({"title": push.title, "body": push.body[:300],
                                  "url": push.url, "tag": push.tag})  # fmt: skip
            gone = []
            for subscription in subscriptions:
                status = await self._post(subscription, payload, vapid)
                if status in GONE:
                    gone.append(subscription.id)
                    log.info("push.subscription_gone", status=status)
            if gone:
                async with self.db.session() as session:
                    await session.execute(
                        delete(m.WebPushSubscription).where(m.WebPushSubscription.id.in_(gone))
                    )

    async def _post(self, subscription: Target, payload: str, vapid: Any) -> int | None:
        if not self.settings.push.endpoint_allowed(subscription.endpoint):
            return None
        info = {"endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}  # fmt: skip
        claims = {"sub": _subject(self.settings)}
        options = self.settings.push
        for attempt in range(options.retries + 1):
            status: int | None = None
            try:
                response = await webpush_async(
                    info, payload, vapid_private_key=vapid, vapid_claims=dict(claims),
                    timeout=options.timeout_s, ttl=TTL_S, aiohttp_session=self.http,
                )  # fmt: skip
                self.sent += 1
                return int(getattr(response, "status", 201))
            except WebPushException as exc:
                status = exc.response.status if exc.response is not None else None
            except (aiohttp.ClientError, TimeoutError, OSError) as exc:
                log.info("push.retry", attempt=attempt, error=repr(exc))
            if status is not None and status < 500 and status != 429:
                return status  # gone or refused: no retry helps
            await asyncio.sleep(0.5 * 2**attempt)
        return None


async def _still_unseen(session: AsyncSession, chat_id: str, message_id: str) -> list[str]:
    """The users with a push subscription who may see the room, did not send the message
    and have not seen the room since (none when the message is gone: rolled back)."""
    from core.domain.chats.access import chat_visible
    from core.domain.chats.serialize import chat_payload

    message = await session.get(m.ChatMessage, message_id)
    chat = await session.get(m.Chat, chat_id)
    if message is None or chat is None:
        return []
    seen = select(m.ChatLastSeen.user_id).where(
        m.ChatLastSeen.chat_id == chat_id, m.ChatLastSeen.at >= message.at
    )
    looked = set((await session.execute(seen)).scalars())
    room = chat_payload(chat)
    found = await _subscribed_users(session)
    return [
        user.id for user in found
        if user.id != message.sender_id and user.id not in looked
        and chat_visible(principal_of(user), room)
    ]  # fmt: skip


async def _alerted(session: AsyncSession, quote_id: str, roles: tuple[str, ...]) -> list[str]:
    """The users with a push subscription, of a role the status alerts, who see the quote."""
    from core import permissions as perm

    quote = await session.get(m.Quote, quote_id)
    if quote is None:
        return []
    scope = {"aId": quote.agent_id, "agId": quote.parent_agent_id}
    found = await _subscribed_users(session)
    wanted = set(roles)
    chosen = []
    for user in found:
        principal = principal_of(user)
        if wanted & set(principal.role_names) and perm.record_visible(principal, scope):
            chosen.append(user.id)
    return chosen


async def _office(session: AsyncSession, agent_id: str | None, parent_id: str | None) -> list[str]:
    """The admins and responsabili with a push subscription who see a record of that tree."""
    from core import permissions as perm

    scope = {"aId": agent_id, "agId": parent_id}
    return [
        user.id
        for user in await _subscribed_users(session)
        if perm.manages(principal := principal_of(user)) and perm.record_visible(principal, scope)
    ]


async def _subscribed_users(session: AsyncSession) -> list[m.User]:
    """The users with at least one push subscription (the only ones a push can reach)."""
    subscribed = select(m.WebPushSubscription.user_id).distinct()
    return list((await session.execute(select(m.User).where(m.User.id.in_(subscribed)))).scalars())


def _subject(settings: Settings) -> str:
    """The VAPID contact: the mail sender's address."""
    sender = settings.mail.sender
    address = sender[sender.find("<") + 1 : sender.rfind(">")] if "<" in sender else sender
    return f"mailto:{address.strip()}"
