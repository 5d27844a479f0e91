"""Socket logins checked in the database together: sockets coming back all at once (a worker
restarted, a network came back) cost one read per tenant and batch, not one each.

The first login to check starts a read at once; those arriving meanwhile wait for the next
read, which takes up to ``batch`` of them. At most ``waiting`` wait: the rest are told to
come back a little later (close code 1013, which the client answers by reconnecting after
its own jittered delay). Logins this process already knows
(:mod:`core.realtime.known_logins`) are not checked at all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.service import Refusal, principal_of, session_users
from core.auth.tokens import LoginSession
from core.context import tenant_scope
from core.errors import SportelloError
from core.realtime.known_logins import KnownLogins

log = structlog.get_logger(__name__)
TRY_AGAIN_LATER = 1013
TOO_MANY_RETURNING = "Troppe connessioni in arrivo: riprova tra poco"
READS_PER_LOGIN = 3
"""Reads of a login that a change of its user overlapped, before the last answer is taken."""

ReadSession = Callable[[], AbstractAsyncContextManager[AsyncSession]]


class AdmissionFull(SportelloError):
    """Too many sockets already wait for their login to be checked."""

    status_code = 503
    name = "TryAgainLater"

    def __init__(self) -> None:
        super().__init__(TOO_MANY_RETURNING)


class _Waiting:
    __slots__ = ("future", "login", "reads")

    def __init__(self, login: LoginSession, future: asyncio.Future[Principal]) -> None:
        self.login = login
        self.future = future
        self.reads = 0


class LoginChecks:
    def __init__(self, read: ReadSession, known: KnownLogins, batch: int, waiting: int) -> None:
        self.read = read
        self.known = known
        self.batch = max(1, batch)
        self.limit = max(0, waiting)
        self.waiting = 0
        self.refused = 0
        self.reads = 0
        self._queues: dict[str, list[_Waiting]] = {}
        self._readers: dict[str, asyncio.Task[None]] = {}

    async def principal(self, tenant_id: str, login: LoginSession) -> Principal:
        """The user of a verified token: as this process last checked it (no database round
        trip), else as the database holds it now, read together with the other logins waiting;
        the error that refuses the login (:func:`core.auth.service.session_user`), or
        :class:`AdmissionFull`."""
        known = self.known.login(tenant_id, login)
        if known is not None:
            return known
        if self.waiting >= self.limit:
            self.refused += 1
            raise AdmissionFull
        future: asyncio.Future[Principal] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(tenant_id, []).append(_Waiting(login, future))
        self.waiting += 1
        if tenant_id not in self._readers:
            reader = asyncio.create_task(self._read_all(tenant_id), name=f"logins-{tenant_id}")
            self._readers[tenant_id] = reader
        try:
            return await future
        finally:
            self.waiting -= 1
            del future  # a refusal's traceback holds this frame: no cycle through the future

    async def _read_all(self, tenant_id: str) -> None:
        try:
            with tenant_scope(tenant_id):
                while queue := self._queues.get(tenant_id):
                    taken, self._queues[tenant_id] = queue[: self.batch], queue[self.batch :]
                    await self._read(tenant_id, [w for w in taken if not w.future.done()])
        finally:  # ended or cancelled (shutdown): no socket is left waiting
            for waiting in self._queues.pop(tenant_id, []):
                if not waiting.future.done():
                    waiting.future.set_exception(AdmissionFull())
            del self._readers[tenant_id]

    async def _read(self, tenant_id: str, taken: list[_Waiting]) -> None:
        if not taken:
            return
        began = self.known.now()
        self.reads += 1
        try:
            async with self.read() as session:  # rolled back: principals made before it
                answers = [
                    a if isinstance(a, Refusal) else principal_of(a)
                    for a in await session_users(session, [w.login for w in taken])
                ]
        except Exception as exc:  # the database is down: each socket hears it, none hangs
            log.warning("socket.login_check_failed", error=repr(exc), logins=len(taken))
            for waiting in taken:
                if not waiting.future.done():
                    waiting.future.set_exception(exc)
            return
        again: list[_Waiting] = []
        for waiting, answer in zip(taken, answers, strict=True):
            waiting.reads += 1
            if waiting.future.done():
                continue
            if isinstance(answer, Refusal):
                waiting.future.set_exception(answer.error())
                continue
            principal, login = answer, waiting.login
            if not self.known.user_since(tenant_id, login.user_id, began):
                self.known.remember_login(tenant_id, login, principal, began)
            elif waiting.reads < READS_PER_LOGIN:  # the user changed meanwhile: read again
                again.append(waiting)
                continue
            waiting.future.set_result(principal)
        if again:
            self._queues.setdefault(tenant_id, [])[:0] = again
