"""Users in the spec's wire shape (SPEC §3 'Current user')."""

from __future__ import annotations

from typing import Any

from core.db import models as m


def user_payload(user: m.User) -> dict[str, Any]:
    """The user as clients see it; never the password hash."""
    data: dict[str, Any] = {
        "_id": user.id,
        "name": user.name,
        "email": user.email,
        "photo": user.photo,
        "role": user.role or {},
        "extraProducts": list(user.extra_products or ()),
        "users": list(user.referred_user_ids or ()),
        "provv": user.provv or {},
        "info": {**(user.info or {}), "ritenuta": float(user.ritenuta or 0)},
        "lang": user.language,
    }
    if user.suspended_at is not None:
        data["suspended"] = {"at": user.suspended_at.isoformat(), "by": user.suspended_by}
    if user.developer:
        data["developer"] = True
    return data
