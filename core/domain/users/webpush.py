"""``registerWebPush``: keep a browser's push subscription for its user (see
:mod:`core.push.sender` for the sending).

The payload is the browser's ``PushSubscription.toJSON()``:
``{endpoint, expirationTime?, keys: {p256dh, auth}}``. One row per endpoint: a browser that
re-registers, even for another user, replaces its row. A user keeps at most
``PUSH_SUBSCRIPTIONS_PER_USER`` browsers (every push is a request to each): registering one
more drops the one registered or renewed longest ago. The user's row is locked meanwhile, so
concurrent registrations cannot both pass the bound.
"""

from __future__ import annotations

from typing import Any

from pydantic import AnyHttpUrl, BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import delete, select

from core.db import models as m
from core.db.types import utcnow
from core.errors import ClientError
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import strict

UNKNOWN_PUSH_SERVICE = "Servizio di notifiche non riconosciuto"


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="ignore")
    p256dh: str = Field(min_length=16, max_length=200, pattern=r"^[A-Za-z0-9_\-=]+$")
    auth: str = Field(min_length=8, max_length=100, pattern=r"^[A-Za-z0-9_\-=]+$")


class PushSubscriptionBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    endpoint: AnyHttpUrl
    keys: PushKeys

    @field_validator("endpoint")
    @classmethod
    def _bounded(cls, endpoint: AnyHttpUrl) -> AnyHttpUrl:
        if len(str(endpoint)) > 1000:
            raise ValueError("endpoint must be a URL of at most 1000 characters")
        return endpoint


async def register_web_push(ctx: CallContext, data: Any) -> dict[str, bool]:
    principal = logged_in(ctx)
    body = strict(PushSubscriptionBody, data)
    endpoint = str(body.endpoint)
    if not ctx.host.settings.push.endpoint_allowed(endpoint):
        raise ClientError(UNKNOWN_PUSH_SERVICE)
    session = ctx.session
    await session.execute(select(m.User.id).where(m.User.id == principal.id).with_for_update())
    found = (
        await session.execute(
            select(m.WebPushSubscription).where(m.WebPushSubscription.endpoint == endpoint)
        )
    ).scalar_one_or_none()
    row = found or m.WebPushSubscription(endpoint=endpoint)
    row.user_id = principal.id
    row.p256dh, row.auth = body.keys.p256dh, body.keys.auth
    row.user_agent = str(ctx.extra.get("user_agent", ""))[:300]
    row.updated_at = utcnow()  # renewed: the newest of the user's browsers
    if found is None:
        session.add(row)
    await session.flush()
    await _keep_newest(ctx, principal.id)
    return {"ok": True}


async def _keep_newest(ctx: CallContext, user_id: str) -> None:
    """Drop the user's subscriptions past the newest ``subscriptions_per_user``."""
    bound = ctx.host.settings.push.subscriptions_per_user
    newest = (
        select(m.WebPushSubscription.id)
        .where(m.WebPushSubscription.user_id == user_id)
        .order_by(m.WebPushSubscription.updated_at.desc(), m.WebPushSubscription.id.desc())
        .limit(bound)
    )
    kept = set((await ctx.session.execute(newest)).scalars())
    await ctx.session.execute(
        delete(m.WebPushSubscription).where(
            m.WebPushSubscription.user_id == user_id, m.WebPushSubscription.id.not_in(kept)
        )
    )
