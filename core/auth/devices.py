"""The device cookie: a browser that logged into an account keeps a signed, HttpOnly proof
of it, so wrong passwords sent by strangers (even from the same address) never lock it out.

One cookie per account on the device (``d-`` and a digest of tenant and e-mail), holding a
random device id, when it was issued and an HMAC of both with the account's credentials
version: a new password or 'esci da tutti i dispositivi' forgets every device.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping

from litestar.datastructures import Cookie

from core.db import models as m
from core.settings import Settings

SOURCE = "device\n"
"""Prefix of a device's throttle source (an address never starts so)."""


def new_device() -> str:
    return secrets.token_urlsafe(16)


def cookie_name(tenant_id: str, email: str) -> str:
    digest = hashlib.sha256(f"{tenant_id}\n{email.strip().lower()}".encode()).hexdigest()
    return f"d-{digest[:16]}"


def _mac(settings: Settings, user: m.User, device: str, issued: int) -> str:
    text = f"device\n{user.tenant_id}\n{user.email}\n{user.credentials_version or 0}\n{device}"
    message = f"{text}\n{issued}".encode()
    return hmac.new(settings.signing_key().encode(), message, hashlib.sha256).hexdigest()[:32]


def device_cookie(settings: Settings, user: m.User, device: str) -> Cookie:
    """The cookie proving this device logged into ``user``'s account now."""
    issued = int(time.time())
    max_age = settings.auth.login_device_days * 86400
    return Cookie(
        key=cookie_name(user.tenant_id, user.email),
        value=f"{device}.{issued}.{_mac(settings, user, device, issued)}",
        path="/",
        max_age=max_age,
        secure=settings.auth.cookie_secure,
        samesite="none" if settings.auth.cookie_secure else "lax",
        httponly=True,
    )


def recognised_device(
    settings: Settings, user: m.User | None, cookies: Mapping[str, str]
) -> str | None:
    """The device id its cookie proves for ``user``'s account; ``None`` for no cookie, a
    forged or expired one, another account's, or one from before a new password."""
    if user is None:
        return None
    parts = cookies.get(cookie_name(user.tenant_id, user.email), "").split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    device, issued, mac = parts[0], int(parts[1]), parts[2]
    if time.time() - issued > settings.auth.login_device_days * 86400:
        return None
    if not hmac.compare_digest(mac, _mac(settings, user, device, issued)):
        return None
    return device


def source_of(device: str) -> str:
    """The throttle source of a recognised device."""
    return SOURCE + device
