"""The outermost ASGI layer: counts and times every HTTP request by route template, and
answers ``/metrics`` to whoever shows the bearer token (no tenant needed: it is per process).

It wraps Litestar's handler, so requests no route matches (``unmatched``) are counted too,
and ``/metrics`` never reaches routing, the tenant check or the request counts.
"""

from __future__ import annotations

import hmac
import json
import time
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from core.messages import NOT_FOUND
from core.observability.metrics import HTTP_DURATION, HTTP_REQUESTS, REGISTRY

METRICS_PATH = "/metrics"
UNMATCHED = "unmatched"
"""The route label of every request no route matched (any number of distinct paths)."""
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
NOT_FOUND_BODY = json.dumps({"error": {"name": "NotFound", "message": NOT_FOUND}}).encode()


class Observed:
    """Wraps ``app``; ``token`` empty turns ``/metrics`` off (404 like any unknown path)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode() if token else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if str(scope["type"]) != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] == METRICS_PATH:
            await self._metrics(scope, send)
            return
        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            method = scope.get("method", "")
            method = method if method in METHODS else "other"
            route = str(scope.get("path_template") or UNMATCHED)
            HTTP_REQUESTS.labels(method, route, str(status)).inc()
            HTTP_DURATION.labels(method, route).observe(time.perf_counter() - started)

    async def _metrics(self, scope: Scope, send: Send) -> None:
        """The exposition, for the right token; otherwise the same 404 as when it is off."""
        if not self._authorised(scope):
            await _answer(send, 404, "application/json", NOT_FOUND_BODY)
            return
        await _answer(send, 200, CONTENT_TYPE_LATEST, generate_latest(REGISTRY))

    def _authorised(self, scope: Scope) -> bool:
        if self._expected is None or scope.get("method") not in ("GET", "HEAD"):
            return False
        given = next((v for k, v in scope["headers"] if k.lower() == b"authorization"), b"")
        return hmac.compare_digest(given, self._expected)


async def _answer(send: Send, status: int, content_type: str, body: bytes) -> None:
    headers: list[Any] = [
        (b"content-type", content_type.encode()),
        (b"content-length", b"%d" % len(body)),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
