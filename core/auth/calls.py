"""The socket's own login calls (SPEC §7): ``login``, ``tokenLogin`` and ``logout``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.auth import revocation, service
from core.auth.schemas import LoginBody
from core.db import models as m
from core.domain.settings.session import session_data
from core.domain.users.serialize import user_payload
from core.errors import NotAuthenticated
from core.extensions import CallContext
from core.messages import USER_GONE
from core.validation import strict


class TokenLoginBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    t: str | None = Field(default=None, max_length=4096)
    productsHash: str | None = Field(default=None, max_length=64)  # noqa: N815 (wire name)


async def login(ctx: CallContext, data: Any) -> dict[str, Any]:
    body = strict(LoginBody, data)
    address = ctx.client.address if ctx.client is not None else "unknown"
    result = await service.login(
        ctx.session, ctx.host.settings, tenant_id=ctx.tenant.id,
        email=body.email, password=body.password, keep=body.keep,
        attempt=ctx.host.login_attempt(address),
    )  # fmt: skip
    if ctx.client is not None:
        claims = service.claims_of(ctx.host.settings, ctx.tenant.id, result.token)
        await ctx.client.set_auth_token(result.token, service.principal_of(result.user), claims)
    return {"token": result.token, "u": user_payload(result.user)}


async def token_login(ctx: CallContext, data: Any) -> dict[str, Any]:
    body = strict(TokenLoginBody, data or {})
    if body.t and ctx.client is not None:
        user, claims = await service.authenticate(
            ctx.session, ctx.host.settings, tenant_id=ctx.tenant.id, token=body.t
        )
        await ctx.client.set_auth_token(body.t, service.principal_of(user), claims)
    elif ctx.principal is not None:
        found = await ctx.session.get(m.User, ctx.principal.id)
        if found is None:
            raise NotAuthenticated(USER_GONE)
        user = found
    else:
        raise NotAuthenticated("")  # no token: the client just marks data as loaded
    return await session_data(ctx, user, body.productsHash)


async def logout(ctx: CallContext, _data: Any) -> None:
    """End this socket's session: its token is revoked, not only forgotten."""
    if ctx.client is None:
        return
    login = ctx.client.login_session()
    if login is not None and login.expires_at > datetime.now(UTC):  # an expired one is over
        await revocation.revoke(ctx.session, login)
    await ctx.client.remove_auth_token()
