"""The installable app: the tenant's web app manifest and its icons, from its branding
(``tenants.yaml`` and the admin's ``/impostazioni`` choices), answered per Host like every
route and revalidated with an ETag."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from threading import BoundedSemaphore
from typing import Any

from anyio import to_thread
from litestar import Request, Response, get
from litestar.params import FromPath

from core.domain.settings.app_icons import (
    DEFAULT_COLOUR,
    ICON_SIZES,
    ICONS,
    MAX_LOGO_BYTES,
    Look,
    draw_icon,
)
from core.domain.settings.branding import ASSETS_PATH, LOGO_PATH, branding
from core.errors import NotFound
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.messages import NOT_FOUND
from core.runtime import Runtime
from core.storage import configured_store
from core.storage.base import StorageUnavailable
from tenants.config import Tenant

MANIFEST_TYPE = "application/manifest+json"
ICONS_PATH = "/app-icons"
ICON_PATH = ICONS_PATH + "/{size}.png"
ICON_NAMES = {f"{size}.png": size for size in ICON_SIZES}
REVALIDATE = "no-cache"
"""Kept by the browser, asked again with ``If-None-Match``: an admin's new colour shows soon."""
DRAWING = BoundedSemaphore(2)
"""Icons drawn at once, whatever the number of requests before the cache holds them."""


def look_of(tenant: Tenant, brand: dict[str, Any]) -> Look:
    """What the icons are drawn from; an SVG logo is not drawn (the initials are)."""
    logo = str(brand["logo"])
    return Look(
        tenant_id=tenant.id,
        title=str(brand["title"]),
        colour=str(brand["colors"].get("primary") or DEFAULT_COLOUR),
        logo_ref=None if logo.lower().endswith(".svg") else logo,
    )


def manifest(brand: dict[str, Any], version: str) -> dict[str, Any]:
    """The manifest's fields: name, colours and icons from the branding, Italian."""
    colours = brand["colors"]
    primary = str(colours.get("primary") or DEFAULT_COLOUR)
    title = str(brand["title"])
    return {
        "id": "/",
        "name": title,
        "short_name": title[:12],
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "lang": "it",
        "theme_color": primary,
        "background_color": str(colours.get("background") or primary),
        "icons": [
            {
                "src": f"{ICON_PATH.format(size=size)}?v={version}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any",
            }
            for size in ICON_SIZES
        ],
    }


def _etag(body: bytes) -> str:
    return f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def _cached_answer(request: Request, body: bytes, media_type: str) -> Response[bytes]:  # type: ignore[type-arg]
    """``body`` with its ETag, or 304 when the browser holds it already."""
    etag = _etag(body)
    headers = {"ETag": etag, "Cache-Control": REVALIDATE}
    if etag in request.headers.get("if-none-match", ""):
        return Response(b"", status_code=304, headers=headers, media_type=media_type)
    return Response(body, media_type=media_type, headers=headers)


def _version(look: Look) -> str:
    return hashlib.sha256(repr(look).encode()).hexdigest()[:12]


@get("/manifest.webmanifest", summary="Web app manifest", tags=["tenant"])
async def web_manifest(
    request: Request,  # type: ignore[type-arg]
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> Response[bytes]:
    brand = branding(tenant, await runtime.stored_settings(db_session))
    body = json.dumps(
        manifest(brand, _version(look_of(tenant, brand))), ensure_ascii=False
    ).encode()
    return _cached_answer(request, body, MANIFEST_TYPE)


@get(f"{ICONS_PATH}/{{name:str}}", summary="Web app icon (192.png or 512.png)", tags=["tenant"])
async def app_icon(
    request: Request,  # type: ignore[type-arg]
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    name: FromPath[str],
) -> Response[bytes]:
    size = ICON_NAMES.get(name)
    if size is None:
        raise NotFound(NOT_FOUND)
    look = look_of(tenant, branding(tenant, await runtime.stored_settings(db_session)))
    png = ICONS.get(look, size)
    if png is None:
        png = await to_thread.run_sync(_drawn, runtime, tenant, look, size)
    return _cached_answer(request, png, "image/png")


def _drawn(runtime: Runtime, tenant: Tenant, look: Look, size: int) -> bytes:
    """The icon, drawn by at most two threads at once and kept in the cache."""
    with DRAWING:
        png = ICONS.get(look, size)  # drawn meanwhile by a request that waited less
        if png is None:
            png = draw_icon(look, _logo_bytes(runtime, tenant, look.logo_ref), size)
            ICONS.put(look, size, png)
        return png


def _logo_bytes(runtime: Runtime, tenant: Tenant, ref: str | None) -> bytes | None:
    """The logo's bytes (an uploaded one from storage, else the tenant's asset), at most
    ``MAX_LOGO_BYTES`` of them; ``None`` when there is none or it cannot be read."""
    if ref is None:
        return None
    try:
        if ref.startswith(f"{LOGO_PATH}/"):
            store = configured_store(runtime.settings)
            with store.open(tenant.id, ref.removeprefix(f"{LOGO_PATH}/")) as source:
                return source.read(MAX_LOGO_BYTES + 1)
        path: Path | None = tenant.asset_path(ref.removeprefix(f"{ASSETS_PATH}/"))
        if path is None:
            return None
        with path.open("rb") as source:
            return source.read(MAX_LOGO_BYTES + 1)
    except (OSError, ValueError, StorageUnavailable):
        return None
