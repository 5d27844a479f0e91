"""ASGI middleware: resolve the tenant from Host (404 before anything is read), bind logs."""

from __future__ import annotations

import json
import re
import secrets

import structlog
from litestar.datastructures import Headers
from litestar.types import ASGIApp, Receive, Scope, Send

from core.context import tenant_scope
from core.messages import UNKNOWN_SITE
from core.runtime import Runtime
from tenants.config import Tenant

UNKNOWN_HOST = {"error": {"name": "NotFound", "message": UNKNOWN_SITE}}
REQUEST_ID_HEADER = "x-request-id"
REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


class TenantMiddleware:
    """Resolves the tenant with the registry of the app's runtime (``app.state.runtime``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        tenant, request_id = _resolve(scope)
        if tenant is None:
            await _refuse(scope, send)
            return
        scope["state"] = {**scope.get("state", {}), "tenant": tenant, "request_id": request_id}
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=request_id, tenant=tenant.id)
        if str(scope["type"]) == "http":
            send = _with_request_id(send, request_id)  # a socket sends no response headers
        with tenant_scope(tenant.id):
            await self.app(scope, receive, send)


def _resolve(scope: Scope) -> tuple[Tenant | None, str]:
    """The tenant of the ``Host`` header and the request id (the caller's, if well formed).

    A function of its own, so the parsed headers are not held by the frame that waits for
    the request's end (a socket's lasts as long as the socket)."""
    runtime: Runtime = scope["litestar_app"].state.runtime
    headers = Headers.from_scope(scope)
    given = headers.get(REQUEST_ID_HEADER, "")
    request_id = given if REQUEST_ID.fullmatch(given) else secrets.token_hex(8)
    return runtime.tenants.resolve(headers.get("host")), request_id


def _with_request_id(send: Send, request_id: str) -> Send:
    async def wrapped(message: dict) -> None:  # type: ignore[type-arg]
        if message["type"] == "http.response.start":
            message["headers"] = [
                *message.get("headers", []),
                (REQUEST_ID_HEADER.encode(), request_id.encode()),
            ]
        await send(message)  # type: ignore[arg-type]

    return wrapped  # type: ignore[return-value]


async def _refuse(scope: Scope, send: Send) -> None:
    if str(scope["type"]) == "websocket":
        await send({"type": "websocket.close", "code": 4404, "reason": UNKNOWN_SITE})
        return
    body = json.dumps(UNKNOWN_HOST).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 404,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body, "more_body": False})
