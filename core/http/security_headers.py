"""Security headers on every HTTP response: CSP, framing, sniffing, referrer, HSTS.

The Content-Security-Policy runs the shell and its federated modules from this origin only:
scripts from ``'self'`` (no inline script, no ``eval``), styles also inline (Mantine writes
style tags and ``style`` attributes at run time), images also as ``data:``/``blob:``
(thumbnails, previews), and the socket on this host. No page of ours may be framed. A
response that set its own policy (downloads: ``sandbox``) keeps it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from litestar.datastructures import Headers
from litestar.types import Message, Scope

HSTS = "max-age=31536000; includeSubDomains"


def content_security_policy(host: str) -> str:
    sockets = f" ws://{host} wss://{host}" if host else ""
    return "; ".join(
        (
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "font-src 'self' data:",
            f"connect-src 'self'{sockets}",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def security_headers(production: bool) -> Callable[[Message, Scope], Awaitable[None]]:
    """A ``before_send`` hook (it sees every response, error pages and refusals included);
    ``production`` adds Strict-Transport-Security."""

    async def add_headers(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        host = Headers.from_scope(scope).get("host", "")
        present = {name.lower() for name, _ in message.get("headers", [])}
        extra = [(k, v) for k, v in _fixed_headers(host, production) if k not in present]
        message["headers"] = [*message.get("headers", []), *extra]

    return add_headers


def _fixed_headers(host: str, production: bool) -> list[tuple[bytes, bytes]]:
    safe_host = host if host.replace(".", "").replace(":", "").replace("-", "").isalnum() else ""
    headers = [
        (b"content-security-policy", content_security_policy(safe_host).encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]
    if production:
        headers.append((b"strict-transport-security", HSTS.encode()))
    return headers
