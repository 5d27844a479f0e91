"""A stored file as an HTTP response, from any store: streamed in chunks, with
``Accept-Ranges: bytes`` and a single ``Range`` honoured (206 + ``Content-Range``; 416 when no
byte of the file is in it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import quote

from anyio import to_thread
from litestar import Request, Response
from litestar.response import Stream

from core.errors import NotFound
from core.http.ranges import Unsatisfiable, requested_range
from core.storage import DocumentStore

UNSATISFIABLE = "Intervallo di byte non disponibile per questo file"


def content_disposition(kind: Literal["inline", "attachment"], filename: str) -> str:
    """As Litestar's ``File`` writes it: plain, or RFC 5987 for any other character."""
    quoted = quote(filename)
    if quoted == filename:
        return f'{kind}; filename="{filename}"'
    return f"{kind}; filename*=utf-8''{quoted}"


async def stored_file_response(
    request: Request[Any, Any, Any],
    store: DocumentStore,
    tenant: str,
    key: str,
    *,
    filename: str,
    media_type: str,
    disposition: Literal["inline", "attachment"],
    headers: Mapping[str, str] | None = None,
    missing: str,
) -> Response[Any]:
    """The file ``tenant/key`` (:class:`NotFound` with ``missing`` if there is none)."""
    size = await to_thread.run_sync(store.size, tenant, key)
    if size is None:
        raise NotFound(missing)
    common = {**(headers or {}), "Accept-Ranges": "bytes"}
    try:
        wanted = requested_range(
            request.headers.get("range"), size, if_range="if-range" in request.headers
        )
    except Unsatisfiable:
        return Response(
            UNSATISFIABLE,
            status_code=416,
            media_type="text/plain; charset=utf-8",
            headers={**common, "Content-Range": f"bytes */{size}"},
        )
    start, end = (wanted.start, wanted.end) if wanted else (0, size)
    try:
        chunks = await store.stream(tenant, key, start, end)
    except FileNotFoundError:
        raise NotFound(missing) from None
    common |= {
        "Content-Disposition": content_disposition(disposition, filename),
        "Content-Length": str(end - start),
    }
    if wanted is not None:
        common["Content-Range"] = wanted.content_range(size)
    return Stream(chunks, status_code=206 if wanted else 200, media_type=media_type, headers=common)
