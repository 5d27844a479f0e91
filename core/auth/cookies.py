"""The ``t`` and ``t-{app_name}`` cookies (SPEC §7): Secure, SameSite=None, 30 days or session."""

from __future__ import annotations

from litestar.datastructures import Cookie

from core.settings import Settings
from tenants.config import Tenant


def auth_cookies(tenant: Tenant, settings: Settings, token: str, *, keep: bool) -> list[Cookie]:
    max_age = settings.auth.token_ttl_days * 86400 if keep else None
    return [
        Cookie(
            key=name,
            value=token,
            path="/",
            max_age=max_age,
            secure=settings.auth.cookie_secure,
            samesite="none" if settings.auth.cookie_secure else "lax",
            httponly=False,
        )
        for name in ("t", tenant.cookie_name)
    ]


def cleared_cookies(tenant: Tenant, settings: Settings) -> list[Cookie]:
    return [
        Cookie(
            key=name,
            value="",
            path="/",
            max_age=0,
            secure=settings.auth.cookie_secure,
            samesite="none" if settings.auth.cookie_secure else "lax",
        )
        for name in ("t", tenant.cookie_name)
    ]
