"""Logging in as a given client address and device, and holding the hashing capacity, for
the tests of fair logins."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager

from core.auth import service
from core.auth.hashing import HashGate
from core.context import tenant_scope
from core.errors import NotAuthenticated, TooManyAttempts
from core.http.ratelimit import RateLimits
from core.runtime import Runtime
from core.settings import Settings

HASHING_BUSY = "Troppe richieste di accesso in corso: riprova tra 2 secondi"
CHECKS_BUSY = "Troppi tentativi di accesso in corso: riprova tra 2 secondi"
LOCKED = r"Troppi tentativi di accesso non riusciti: account bloccato, riprova dopo le \d\d:\d\d"
PAUSED = r"Troppe richieste: riprova tra \d+ secondi"
WRONG = "Nome utente o password errati"


def fresh_limits(settings: Settings, **rules: str) -> RateLimits:
    """Rate limits with counts of their own (and ``rules`` changed)."""
    return RateLimits(settings.rate_limits.model_copy(update=rules), f"t-{secrets.token_hex(4)}")


async def log_in(
    runtime: Runtime,
    tenant: str,
    email: str,
    password: str,
    address: str,
    cookies: Mapping[str, str] | None = None,
) -> service.LoginResult:
    """The login of ``email`` on ``tenant`` from ``address`` (HTTP and socket alike)."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return await service.login(
                session, runtime.settings, tenant_id=tenant, email=email, password=password,
                keep=False, attempt=runtime.login_attempt(address, cookies),
            )  # fmt: skip


async def answer(
    runtime: Runtime, tenant: str, email: str, password: str, address: str
) -> tuple[int, str]:
    """(status, message) of a login, as HTTP would answer it."""
    try:
        await log_in(runtime, tenant, email, password, address)
    except NotAuthenticated as exc:
        return 401, str(exc)
    except TooManyAttempts as exc:
        return 429, str(exc)
    return 200, ""


@asynccontextmanager
async def hashing_held(gate: HashGate) -> AsyncIterator[None]:
    """``gate``'s only slot and its one queue place taken until the block ends: every other
    login meanwhile is refused for capacity."""
    assert gate.concurrency == gate.queue == 1
    release = threading.Event()
    running = asyncio.create_task(gate.run(release.wait, 30))
    await asyncio.sleep(0)  # takes the free slot without waiting
    queued = asyncio.create_task(gate.run(release.wait, 30))
    await asyncio.sleep(0)
    assert gate.waiting == 1
    try:
        yield
    finally:
        release.set()
        await asyncio.gather(running, queued)


def one_slot_gate() -> HashGate:
    return HashGate(concurrency=1, queue=1, wait_s=30)
