"""What the server does with each packet: protocol events, then the call registry."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import pydantic
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.service import claims_of, principal_of, session_user
from core.auth.tokens import LoginSession, TokenExpired
from core.context import acting_as
from core.db.engine import is_busy
from core.errors import NotAuthenticated, SportelloError
from core.extensions import CallContext
from core.http.errors import BUSY
from core.lines import LineAccess, refuse
from core.messages import INVALID_DATA, LOGIN_FIRST, SESSION_ENDED
from core.observability.tracing import traced_call
from core.realtime import protocol
from core.realtime.guard import CallError, unknown_call
from core.realtime.login_checks import TRY_AGAIN_LATER, AdmissionFull
from core.realtime.publications import may_subscribe
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime

log = structlog.get_logger(__name__)


class SessionEnded(NotAuthenticated):
    """The socket's login ended since it was made (the socket is closed after the answer)."""


NOT_HANDSHAKEN = "Connessione non inizializzata: manca #handshake"
READ_ONLY = "I canali sono in sola lettura per i client"
SLOW_CALL_S = 5.0
"""A socket call taking longer than this is logged (``socket.slow_call``)."""


async def dispatch(runtime: Runtime, socket: RealtimeSocket, packet: protocol.Packet) -> None:
    """Handle one event; answer when it carries a ``cid``."""
    try:
        result = await _handle(runtime, socket, packet)
    except SportelloError as exc:
        await _answer_error(socket, packet, exc.name, exc.message, exc.extra)
        if isinstance(exc, SessionEnded):  # answered first, so the client knows why
            await socket.close(protocol.CLOSE_LOGGED_OUT, SESSION_ENDED)
        elif isinstance(exc, AdmissionFull):  # the client comes back after its jittered delay
            await socket.close(TRY_AGAIN_LATER, exc.message)
    except pydantic.ValidationError:
        await _answer_error(socket, packet, "BadRequest", INVALID_DATA)
    except Exception as exc:
        if is_busy(exc):
            await _answer_error(socket, packet, "TooManyAttempts", BUSY)
            return
        log.exception("socket.call_failed", socket=socket.id, call=packet.event)
        await _answer_error(socket, packet, "ServerError", "Errore interno del server")
    else:
        if packet.cid is not None:
            await socket.send(protocol.reply(packet.cid, result))


async def _answer_error(
    socket: RealtimeSocket,
    packet: protocol.Packet,
    name: str,
    message: str,
    extra: object = None,
) -> None:
    if packet.cid is not None:
        details = extra if isinstance(extra, dict) else None
        await socket.send(protocol.failure(packet.cid, name, message, details))


async def _handle(runtime: Runtime, socket: RealtimeSocket, packet: protocol.Packet) -> Any:
    if packet.event == protocol.HANDSHAKE:
        return await _handshake(runtime, socket, packet.data)
    if not socket.handshaken:
        raise CallError(NOT_HANDSHAKEN)
    await _expire_token(socket)
    match packet.event:
        case protocol.SUBSCRIBE:
            return await _subscribe(runtime, socket, packet.data)
        case protocol.UNSUBSCRIBE:
            socket.unsubscribe(packet.data if isinstance(packet.data, str) else "")
            return None
        case protocol.AUTHENTICATE:
            return await _authenticate(runtime, socket, packet.data)
        case protocol.REMOVE_AUTH_TOKEN:
            socket.deauthenticate()
            return None
        case protocol.DISCONNECT:
            return None  # deprecated by protocol v2: accepted and ignored
        case protocol.PUBLISH:
            return await _publish(runtime, socket, packet.data)
    return await _call(runtime, socket, packet)


async def _handshake(runtime: Runtime, socket: RealtimeSocket, data: Any) -> dict[str, Any]:
    socket.handshaken = True
    answer: dict[str, Any] = {
        "id": socket.id,
        "pingTimeout": runtime.settings.realtime.ping_timeout_ms,
        "isAuthenticated": False,
    }
    token = data.get("authToken") if isinstance(data, dict) else None
    if isinstance(token, str) and token:
        error = await _try_token(runtime, socket, token)
        answer["isAuthenticated"] = error is None
        if error is not None:
            answer["authError"] = error
            await socket.send(protocol.event(protocol.REMOVE_AUTH_TOKEN))
    return answer


async def _authenticate(runtime: Runtime, socket: RealtimeSocket, token: Any) -> dict[str, Any]:
    error = await _try_token(runtime, socket, token if isinstance(token, str) else "")
    if error is not None:
        await socket.send(protocol.event(protocol.REMOVE_AUTH_TOKEN))
    return {"isAuthenticated": error is None, "authError": error}


async def _try_token(runtime: Runtime, socket: RealtimeSocket, token: str) -> dict[str, str] | None:
    """Authenticate the socket with ``token``; the error to report, or ``None``."""
    try:
        login = LoginSession.of(claims_of(runtime.settings, socket.tenant.id, token))
        principal = await runtime.login_checks.principal(socket.tenant.id, login)
    except AdmissionFull:
        raise
    except SportelloError as exc:
        socket.deauthenticate()
        expired = isinstance(exc, TokenExpired)
        name = "AuthTokenExpiredError" if expired else "AuthTokenInvalidError"
        return {"name": name, "message": exc.message}
    socket.principal = principal
    socket.session = login
    return None


async def _expire_token(socket: RealtimeSocket) -> None:
    expires = socket.session.expires_at if socket.session else None
    if expires is not None and expires <= datetime.now(UTC):
        await socket.remove_auth_token()


async def _session_stands(runtime: Runtime, socket: RealtimeSocket, session: AsyncSession) -> None:
    """Refuse the packet, and close the socket, when its login has ended since (a new
    password, logout, suspension): the bus closes such sockets at once, this is the wall
    behind it should a bus message be lost."""
    if socket.session is None:
        return
    try:
        user = await session_user(session, socket.session)
    except SportelloError as exc:
        socket.deauthenticate()
        raise SessionEnded(exc.message) from exc
    socket.principal = principal_of(user)  # roles as they are now


async def _login_stands(runtime: Runtime, socket: RealtimeSocket) -> None:
    """:func:`_session_stands` for a subscription, which changes nothing: from what this
    process knows of the login when it can (:mod:`core.realtime.known_logins`)."""
    if socket.session is None:
        return
    try:
        socket.principal = await runtime.login_checks.principal(socket.tenant.id, socket.session)
    except AdmissionFull:
        raise
    except SportelloError as exc:
        socket.deauthenticate()
        raise SessionEnded(exc.message) from exc


async def _subscribe(runtime: Runtime, socket: RealtimeSocket, data: Any) -> None:
    channel = data.get("channel") if isinstance(data, dict) else None
    if not isinstance(channel, str) or not channel:
        raise CallError("Canale mancante")
    await _login_stands(runtime, socket)
    if not may_subscribe(runtime.publications, socket.principal, channel) or not (
        await _line_open(runtime, socket, channel)
    ):
        raise CallError(f"Non puoi iscriverti al canale {channel}")
    if channel not in socket.subscriptions:
        if len(socket.subscriptions) >= runtime.settings.realtime.max_subscriptions:
            raise CallError("Troppe sottoscrizioni su questa connessione")
        socket.subscribe(channel)


async def _line_open(runtime: Runtime, socket: RealtimeSocket, channel: str) -> bool:
    """A product line's channel: the tenant has the line on and the user may work it."""
    publication = runtime.publications.get(channel)
    if publication is None or publication.product is None:
        return True
    if socket.principal is None:
        return False
    enabled = await _enabled_lines(runtime, socket)
    access = runtime.lines.access_within(enabled, socket.principal, publication.product)
    return access is LineAccess.OPEN


async def _enabled_lines(runtime: Runtime, socket: RealtimeSocket) -> frozenset[str]:
    """The lines the socket's tenant has on, as this process last read them."""
    logins = runtime.hub.logins
    known = logins.lines(socket.tenant.id)
    if known is not None:
        return known
    began = logins.now()
    async with runtime.db.read_session() as session:
        enabled = frozenset(await runtime.lines.enabled(session, socket.tenant))
    logins.remember_lines(socket.tenant.id, enabled, began)
    return enabled


async def _call(runtime: Runtime, socket: RealtimeSocket, packet: protocol.Packet) -> Any:
    call = runtime.calls.get(packet.event)
    if call is None:
        raise unknown_call(packet.event)
    started = time.monotonic()
    checked: float | None = None
    try:
        # acting as the user around the commit too: the audit log is written there
        with traced_call(packet.event), acting_as(socket.user_id):
            async with runtime.db.session() as session:
                await _session_stands(runtime, socket, session)
                if call.product is not None:
                    await _line_call_open(runtime, socket, session, packet.event, call.product)
                await session.commit()  # the check's transaction ends: a long call holds no lock
                checked = time.monotonic()
                context = CallContext(
                    socket.tenant, session, socket.principal, runtime, client=socket,
                    extra={"user_agent": socket.user_agent}, origin=socket.origin,
                )  # fmt: skip
                return await call.handler(context, packet.data)
    finally:
        _report_slow(socket, packet.event, started, checked)


def _report_slow(socket: RealtimeSocket, event: str, started: float, checked: float | None) -> None:
    """A call that took over :data:`SLOW_CALL_S` is logged with where the time went: the
    session's checks (waiting for the database, SQLite's write lock among it; ``None`` when
    they never ended) or the call itself."""
    elapsed = time.monotonic() - started
    if elapsed > SLOW_CALL_S:
        checks = None if checked is None else round(checked - started, 2)
        log.warning("socket.slow_call", socket=socket.id, call=event,
                    seconds=round(elapsed, 2), checks=checks)  # fmt: skip


async def _publish(runtime: Runtime, socket: RealtimeSocket, data: Any) -> None:
    """A client's ``#publish``: only on the channels a plugin opened for it (an admin's OTP
    code on ``submitOtp-{company}``); every other channel is read-only."""
    channel = data.get("channel") if isinstance(data, dict) else None
    opened = next(
        (p for p in runtime.client_publish
         if isinstance(channel, str) and channel.startswith(p.prefix)
         and len(channel) > len(p.prefix)),
        None,
    )  # fmt: skip
    if opened is None or not isinstance(channel, str):
        raise CallError(READ_ONLY)
    if socket.principal is None:
        raise NotAuthenticated(LOGIN_FIRST)
    with acting_as(socket.user_id):
        async with runtime.db.session() as session:
            await _session_stands(runtime, socket, session)
            context = CallContext(
                socket.tenant, session, socket.principal, runtime, client=socket,
                extra={"user_agent": socket.user_agent}, origin=socket.origin,
            )  # fmt: skip
            await opened.handler(context, channel.removeprefix(opened.prefix), data.get("data"))


async def _line_call_open(
    runtime: Runtime, socket: RealtimeSocket, session: AsyncSession, name: str, line: str
) -> None:
    """A line's call: unknown where the tenant has the line off, refused to users not logged
    in or who may not work it."""
    access = await runtime.lines.access(session, socket.tenant.id, socket.principal, line)
    if access is LineAccess.OFF:
        raise unknown_call(name)
    if socket.principal is None:
        raise NotAuthenticated(LOGIN_FIRST)
    refuse(access)
