"""ASGI middleware refusing input that cannot be stored, before any handler runs.

* A path or query string with a NUL, or whose percent-escapes are not UTF-8: 400.
* A JSON body that is not UTF-8, not JSON, too deep, or carries a NUL or a lone surrogate
  in any string: 400 with a message naming the problem; the body is read once, within
  ``MAX_BODY_BYTES``, and handed on unchanged.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote_to_bytes

from litestar.types import ASGIApp, Receive, Scope, Send

from core.text_guard import NOT_UTF8, NUL, BadJson, decode_json

TOO_LARGE = "Richiesta troppo grande"


def input_guard(max_body_bytes: int) -> type:
    """Build the middleware class with the body limit."""

    class InputGuard:
        def __init__(self, app: ASGIApp) -> None:
            self.app = app

        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] not in ("http", "websocket"):
                await self.app(scope, receive, send)
                return
            problem = _url_problem(scope)
            if problem is not None:
                await _refuse(scope, send, 400, problem)
                return
            if str(scope["type"]) != "http" or not _is_json(scope):
                await self.app(scope, receive, send)
                return
            body, complete = await _read(receive, max_body_bytes)
            if not complete:
                await _refuse(scope, send, 413, TOO_LARGE)
                return
            problem = _body_problem(body)
            if problem is not None:
                await _refuse(scope, send, 400, problem)
                return
            await self.app(scope, _replay(body, receive), send)

    return InputGuard


def _url_problem(scope: Scope) -> str | None:
    raw = scope.get("raw_path") or str(scope.get("path", "")).encode("utf-8", "surrogatepass")
    for part in (raw, scope.get("query_string", b"")):
        decoded = unquote_to_bytes(part)
        if b"\x00" in decoded:
            return NUL
        try:
            decoded.decode("utf-8")
        except UnicodeDecodeError:
            return NOT_UTF8
    return None


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            kind = value.split(b";")[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    return False


async def _read(receive: Receive, limit: int) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), True
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return b"", False
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), True


def _body_problem(body: bytes) -> str | None:
    if not body.strip():
        return None  # an empty body is the handler's to judge
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return NOT_UTF8
    try:
        decode_json(body)
    except BadJson as exc:
        return exc.message
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(scope: Scope, send: Send, status: int, message: str) -> None:
    if str(scope["type"]) == "websocket":
        await send({"type": "websocket.close", "code": 1007, "reason": message})
        return
    name = "BadRequest" if status == 400 else "TooLarge"
    body = json.dumps({"error": {"name": name, "message": message}}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", b"%d" % len(body)),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
