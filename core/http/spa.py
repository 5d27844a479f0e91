"""The built web shell with SPA fallback; a plain page until the shell is built."""

from __future__ import annotations

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


def _inside(root: Path, relative: str) -> Path | None:
    candidate = (root / relative).resolve()
    if candidate.is_file() and candidate.is_relative_to(root.resolve()):
        return candidate
    return None


@get("/", summary="Web app", include_in_schema=False, sync_to_thread=False)
def spa_root(runtime: RuntimeDep, tenant: TenantDep) -> Response[str] | File:
    return _serve(runtime, tenant, "")


@get("/{path:path}", summary="Web app", include_in_schema=False, sync_to_thread=False)
def spa(runtime: RuntimeDep, tenant: TenantDep, path: FromPath[str]) -> Response[str] | File:
    return _serve(runtime, tenant, path)


def _serve(runtime: Runtime, tenant: Tenant, path: str) -> Response[str] | File:
    relative = path.lstrip("/")
    if relative.startswith(RESERVED_PREFIXES):
        raise NotFound(NOT_FOUND)
    dist = runtime.settings.app.web_dist_dir
    if relative and (asset := _inside(dist, relative)):
        return File(path=asset, content_disposition_type="inline", media_type=media_type_for(asset))
    index = dist / "index.html"
    if index.is_file():
        return File(path=index, content_disposition_type="inline", media_type="text/html")
    page = PLAIN_PAGE.format(title=tenant.title, template=tenant.template, logo=tenant.logo)
    return Response(page, media_type="text/html")
