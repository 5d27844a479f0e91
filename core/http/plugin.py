"""The HTTP surface of the platform itself: health, tenant config and assets, plugin
assets and the single-page app. Areas register their own routes."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler

from core.hookspecs import hookimpl
from core.http.health import healthz, readyz
from core.http.manifest import app_icon, web_manifest
from core.http.plugin_assets import plugin_asset
from core.http.spa import spa, spa_root
from core.http.tenant import tenant_asset, tenant_config


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        healthz,
        readyz,
        tenant_config,
        tenant_asset,
        web_manifest,
        app_icon,
        plugin_asset,
        spa_root,
        spa,
    ]
