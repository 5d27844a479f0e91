"""The ``t`` and ``t-{app_name}`` cookies the server sets (SPEC §7): Secure, SameSite=None,
30 days or session, and HttpOnly.

The server sets them where it answers a login or a new password over HTTP, and that answer
carries the token in its body: the client that asked reads the token there, never from the
cookie, so no script of the page can read these cookies (a script injected into the page
cannot carry the session away). The web app logs in over its socket and keeps the token it
receives in cookies of its own, which it reads to log in again (``web/src/session``).
"""

from __future__ import annotations

from litestar.datastructures import Cookie

from core.settings import Settings
from tenants.config import Tenant


def _cookie(name: str, value: str, settings: Settings, max_age: int | None) -> Cookie:
    return Cookie(
        key=name,
        value=value,
        path="/",
        max_age=max_age,
        secure=settings.auth.cookie_secure,
        samesite="none" if settings.auth.cookie_secure else "lax",
        httponly=True,
    )


def auth_cookies(tenant: Tenant, settings: Settings, token: str, *, keep: bool) -> list[Cookie]:
    max_age = settings.auth.token_ttl_days * 86400 if keep else None
    return [_cookie(name, token, settings, max_age) for name in ("t", tenant.cookie_name)]


def cleared_cookies(tenant: Tenant, settings: Settings) -> list[Cookie]:
    return [_cookie(name, "", settings, 0) for name in ("t", tenant.cookie_name)]
