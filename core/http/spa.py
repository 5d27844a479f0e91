"""The built web shell with SPA fallback; a plain page until the shell is built.

``index.html`` is answered per tenant: its ``theme-color`` is the tenant's main colour (the
browser paints its bar with it before any script runs, and the installed app's title bar)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from litestar import Response, get
from litestar.params import FromPath
from litestar.response import File

from core.errors import NotFound
from core.http.deps import RuntimeDep, TenantDep
from core.http.media import media_type_for
from core.messages import NOT_FOUND
from core.runtime import Runtime
from tenants.config import Tenant

RESERVED_PREFIXES = ("api/", "schema", "socketcluster", "upload", "download", "plugins/")

PLAIN_PAGE = """<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;
margin:0;background:#f5f6f8;color:#1f2933}}main{{text-align:center}}img{{height:64px}}</style>
</head><body class="{template}"><main><img src="/tenant-assets/{logo}" alt="">
<h1>{title}</h1><p>Sportello è in esecuzione. L'interfaccia web non è ancora stata compilata.</p>
<p><a href="/schema">API</a></p></main></body></html>"""


THEME_COLOR = re.compile(rb'<meta name="theme-color" content="[^"]*"')
INDEX_CACHE = "no-cache"
"""The page names the hashed assets of the build: asked again each time, never stale."""


@lru_cache(maxsize=8)
def _index_bytes(path: Path, mtime_ns: int) -> bytes:
    return path.read_bytes()


def tenant_index(index: Path, tenant: Tenant) -> bytes:
    """The built ``index.html`` with the tenant's ``theme-color``."""
    page = _index_bytes(index, index.stat().st_mtime_ns)
    colour = tenant.colors.get("primary")
    if not colour:
        return page
    return THEME_COLOR.sub(f'<meta name="theme-color" content="{colour}"'.encode(), page, count=1)


def _inside(root: Path, relative: str) -> Path | None:
    candidate = (root / relative).resolve()
    if candidate.is_file() and candidate.is_relative_to(root.resolve()):
        return candidate
    return None


@get("/", summary="Web app", include_in_schema=False, sync_to_thread=False)
def spa_root(runtime: RuntimeDep, tenant: TenantDep) -> Response[str] | Response[bytes] | File:
    return _serve(runtime, tenant, "")


@get("/{path:path}", summary="Web app", include_in_schema=False, sync_to_thread=False)
def spa(
    runtime: RuntimeDep, tenant: TenantDep, path: FromPath[str]
) -> Response[str] | Response[bytes] | File:
    return _serve(runtime, tenant, path)


def _serve(runtime: Runtime, tenant: Tenant, path: str) -> Response[str] | Response[bytes] | File:
    relative = path.lstrip("/")
    if relative.startswith(RESERVED_PREFIXES):
        raise NotFound(NOT_FOUND)
    dist = runtime.settings.app.web_dist_dir
    if relative and (asset := _inside(dist, relative)):
        return File(path=asset, content_disposition_type="inline", media_type=media_type_for(asset))
    index = dist / "index.html"
    if index.is_file():
        return Response(
            tenant_index(index, tenant),
            media_type="text/html",
            headers={"Cache-Control": INDEX_CACHE},
        )
    page = PLAIN_PAGE.format(title=tenant.title, template=tenant.template, logo=tenant.logo)
    return Response(page, media_type="text/html")
