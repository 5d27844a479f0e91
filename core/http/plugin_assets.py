"""Product plugins' federated web modules, served under ``/plugins/{name}/``.

Each plugin's ``web_module`` hook names a folder (``WebModule.dist_dir``) built by the web
build; this serves the files inside it and nothing else. The remote entry and manifest change
with every build, so they are never cached; the hashed chunks are cached for a year.
"""

from __future__ import annotations

from pathlib import Path

from litestar import get
from litestar.params import FromPath
from litestar.response import File

from core.errors import NotFound
from core.extensions import WebModule
from core.http.deps import RuntimeDep
from core.http.media import media_type_for
from core.runtime import Runtime

PREFIX = "/plugins"
MISSING = "File del modulo non trovato"
UNCACHED = ("remoteEntry.js", "mf-manifest.json", "mf-stats.json")
NO_CACHE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"


def web_modules(runtime: Runtime) -> dict[str, WebModule]:
    """The registered web modules by name."""
    return {m.name: m for m in runtime.pm.hook.web_module() if m is not None}


def module_file(module: WebModule, relative: str) -> Path | None:
    """The file at ``relative`` inside the module's build folder, or None (also for ``..``)."""
    root = module.dist_dir.resolve()
    candidate = (root / relative).resolve()
    if candidate.is_file() and candidate.is_relative_to(root):
        return candidate
    return None


@get(
    f"{PREFIX}/{{name:str}}/{{path:path}}",
    summary="A product plugin's web module file",
    tags=["plugins"],
    include_in_schema=False,
)
async def plugin_asset(runtime: RuntimeDep, name: FromPath[str], path: FromPath[str]) -> File:
    module = web_modules(runtime).get(name)
    found = module_file(module, path.lstrip("/")) if module else None
    if found is None:
        raise NotFound(MISSING)
    return File(
        path=found,
        content_disposition_type="inline",
        media_type=media_type_for(found),
        headers={"cache-control": NO_CACHE if found.name in UNCACHED else IMMUTABLE},
    )
