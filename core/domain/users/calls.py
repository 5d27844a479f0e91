"""The socket twins of the user routes: ``salvaUtente``, ``sospendiUtente``, ``eliminaUtente``."""

from __future__ import annotations

from typing import Any

from core.domain.users import manage
from core.domain.users.serialize import user_payload
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse


async def save_user(ctx: CallContext, data: Any) -> dict[str, Any]:
    actor = logged_in(ctx)
    user_id, changes = manage.parse_changes(data)
    user = await manage.update_user(ctx.session, ctx.host, ctx.tenant, actor, user_id, changes)
    return user_payload(user)


async def suspend_user(ctx: CallContext, data: Any) -> dict[str, Any]:
    actor = logged_in(ctx)
    body = parse(manage.Suspension, data)
    user = await manage.set_suspended(ctx.session, actor, body.id, suspended=body.suspended)
    return user_payload(user)


async def delete_user(ctx: CallContext, data: Any) -> dict[str, str]:
    actor = logged_in(ctx)
    body = parse(manage.UserRef, data)
    return {"_id": await manage.delete_user(ctx.session, actor, body.id)}
