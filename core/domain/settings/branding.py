"""The tenant's look as its admin set it: tenants.yaml first, then ``/impostazioni``'s choices
(title, logo, colours, body template, upload limit). One answer for ``/api/tenant``, the
settings stream and the upload route."""

from __future__ import annotations

from typing import Any

from core.db import models as m
from tenants.config import Tenant

ASSETS_PATH = "/tenant-assets"
LOGO_PATH = "/tenant-logo"


def _data(stored: m.TenantSettings | None) -> dict[str, Any]:
    return stored.data if stored is not None and stored.data else {}


def max_upload_mb(tenant: Tenant, stored: m.TenantSettings | None) -> int:
    """The admin's limit, never above the deployment's (20 MB, or 500 MB for ``_dev``)."""
    chosen = _data(stored).get("maxUploadMb")
    return min(chosen, tenant.max_upload_mb) if isinstance(chosen, int) else tenant.max_upload_mb


def branding(tenant: Tenant, stored: m.TenantSettings | None) -> dict[str, Any]:
    data = _data(stored)
    logo = data.get("logo")
    return {
        "title": data.get("title") or tenant.title,
        "logo": f"{LOGO_PATH}/{logo}" if logo else f"{ASSETS_PATH}/{tenant.logo}",
        "template": data.get("template") or tenant.template,
        "colors": {**tenant.colors, **(data.get("colors") or {})},
        "maxUploadMb": max_upload_mb(tenant, stored),
    }
