"""Core realtime calls (SPEC §7): login, tokenLogin, getDbData, saveData, logout, logTime,
registerWebPush, and the admin trigger sendAppEvent."""

from __future__ import annotations

import contextlib
from typing import Any

import structlog
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth import revocation, service
from core.auth.schemas import LoginBody
from core.db import models as m
from core.domain.quotes.create import create_quote_call
from core.domain.settings.payload import product_payload, products_hash, settings_payload
from core.domain.users.serialize import user_payload
from core.errors import NotAuthenticated, SportelloError
from core.extensions import CallContext, CallHandler
from core.realtime.app_events import send_app_event
from core.realtime.save import save_data
from core.realtime.sync import get_db_data
from core.realtime.webpush import register_web_push

log = structlog.get_logger(__name__)


class TokenLoginBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    t: str | None = Field(default=None, max_length=4096)
    productsHash: str | None = Field(default=None, max_length=64)  # noqa: N815 (wire name)


async def login(ctx: CallContext, data: Any) -> dict[str, Any]:
    body = LoginBody.model_validate(data)
    address = ctx.client.address if ctx.client is not None else "unknown"
    result = await service.login(
        ctx.session, ctx.runtime.settings, tenant_id=ctx.tenant.id,
        email=body.email, password=body.password, keep=body.keep,
        attempt=ctx.runtime.login_attempt(address),
    )  # fmt: skip
    if ctx.client is not None:
        claims = service.claims_of(ctx.runtime.settings, ctx.tenant.id, result.token)
        await ctx.client.set_auth_token(result.token, service.principal_of(result.user), claims)
    return {"token": result.token, "u": user_payload(result.user)}


async def token_login(ctx: CallContext, data: Any) -> dict[str, Any]:
    body = TokenLoginBody.model_validate(data or {})
    if body.t and ctx.client is not None:
        user, claims = await service.authenticate(
            ctx.session, ctx.runtime.settings, tenant_id=ctx.tenant.id, token=body.t
        )
        await ctx.client.set_auth_token(body.t, service.principal_of(user), claims)
    elif ctx.principal is not None:
        found = await ctx.session.get(m.User, ctx.principal.id)
        if found is None:
            raise NotAuthenticated("Non autorizzato: utente inesistente")
        user = found
    else:
        raise NotAuthenticated("")  # no token: the client just marks data as loaded
    return await _session_data(ctx, user, body.productsHash)


async def _session_data(ctx: CallContext, user: m.User, known_hash: str | None) -> dict[str, Any]:
    principal = service.principal_of(user)
    stored = await ctx.runtime.stored_settings(ctx.session)
    enabled = await ctx.runtime.enabled_products(ctx.session, ctx.tenant, stored)
    products = [
        product_payload(p)
        for p in (await ctx.session.execute(select(m.Product).where(m.Product.active)))
        .scalars()
        .all()
    ]
    digest = products_hash(products)
    users = (await ctx.session.execute(select(m.User))).scalars().all()
    answer: dict[str, Any] = {
        "BUILD": ctx.runtime.settings.app.build,
        "u": user_payload(user),
        "utenti": {
            u.id: user_payload(u)
            for u in users
            if perm.user_visible(principal, {"_id": u.id, "role": u.role})
        },
        "settings": settings_payload(ctx.runtime, ctx.tenant, stored, enabled, digest),
        "port": ctx.runtime.settings.app.port,
    }
    if known_hash != digest:
        answer["products"] = {p["_id"]: p for p in products}
    return answer


async def logout(ctx: CallContext, _data: Any) -> None:
    """End this socket's session: its token is revoked, not only forgotten."""
    if ctx.client is None:
        return
    token = ctx.client.session_token()
    if token is not None:
        with contextlib.suppress(SportelloError):  # expired or ended already: nothing to end
            claims = service.claims_of(ctx.runtime.settings, ctx.tenant.id, token)
            await revocation.revoke(ctx.session, claims)
    await ctx.client.remove_auth_token()


async def log_time(ctx: CallContext, data: Any) -> None:
    if isinstance(data, int | float) and not isinstance(data, bool) and 0 <= data < 3.6e6:
        log.info("client.data_loaded", ms=int(data), user=ctx.principal and ctx.principal.id)


CORE_CALLS: dict[str, CallHandler] = {
    "login": login,
    "tokenLogin": token_login,
    "getDbData": get_db_data,
    "saveData": save_data,
    "logout": logout,
    "logTime": log_time,
    "registerWebPush": register_web_push,
    "sendAppEvent": send_app_event,
    "createQuote": create_quote_call,
}
