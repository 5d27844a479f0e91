"""The origin (``scheme://host[:port]``) a client reached us at, for absolute links."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from core.settings import Settings
from tenants.config import Tenant

SECURE_SCHEMES = frozenset({"https", "wss"})


def client_origin(headers: Mapping[str, str], scheme: str, tenant: Tenant) -> str | None:
    """The page's ``Origin`` header, else the ``Host`` header with the request's scheme
    (``X-Forwarded-Proto`` wins behind a proxy); only when its host is one of the tenant's."""
    origin = headers.get("origin") or ""
    parts = urlsplit(origin)
    if parts.scheme in ("http", "https") and (parts.hostname or "") in tenant.domains:
        return f"{parts.scheme}://{parts.netloc}"
    host = (headers.get("host") or "").strip()
    if not host or urlsplit(f"//{host}").hostname not in tenant.domains:
        return None
    forwarded = (headers.get("x-forwarded-proto") or "").split(",")[0].strip().lower()
    secure = (forwarded or scheme.lower()) in SECURE_SCHEMES
    return f"{'https' if secure else 'http'}://{host}"


def default_origin(tenant: Tenant, settings: Settings) -> str:
    """The tenant's first domain, on https in production (for links made without a request)."""
    host = tenant.domains[0]
    if settings.is_production:
        return f"https://{host}"
    return f"http://{host}:{settings.app.port}"
