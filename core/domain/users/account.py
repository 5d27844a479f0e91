"""``/account``: one's own name and language, and a new password. A new password ends every
other session (older tokens and sockets); the session that changed it gets a fresh token."""

from __future__ import annotations

from typing import Any, Literal

from anyio import to_thread
from litestar import Controller, Request, Response, patch, post
from litestar.params import JSONBody
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import service
from core.auth.cookies import auth_cookies
from core.auth.passwords import hash_password, password_problem, verify_password
from core.db import models as m
from core.domain.users.serialize import user_payload
from core.errors import ClientError, Forbidden
from core.extensions import CallContext, Host
from core.http.client_address import address_of
from core.http.deps import RuntimeDep, SessionDep, TenantDep, UserDep
from core.messages import WRONG_PASSWORD
from core.realtime.guard import logged_in
from core.validation import parse


class AccountChanges(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    lang: Literal["it", "en"] | None = None


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current: str = Field(min_length=1, max_length=1024)
    password: str = Field(min_length=1, max_length=1024)


def change_account(user: m.User, changes: AccountChanges) -> m.User:
    if changes.name:
        user.name = changes.name
    if changes.lang:
        user.language = changes.lang
    return user


async def change_password(
    session: AsyncSession, host: Host, user: m.User, body: PasswordChange, address: str
) -> str:
    """Check the current password, set the new one, end the other sessions; the new token."""
    attempt = host.login_attempt(address)
    await attempt.limits.hit("login_per_address", user.tenant_id, address)
    if not await attempt.hashing.run(verify_password, user.password_hash, body.current):
        raise Forbidden(WRONG_PASSWORD)
    problem = password_problem(body.password, (user.email, user.name))
    if problem:
        raise ClientError(problem)
    user.password_hash = await to_thread.run_sync(hash_password, body.password)
    user.end_sessions()
    await session.flush()
    return service.mint_access(host.settings, user)


class AccountController(Controller):
    path = "/api/account"
    tags = ["account"]

    @patch("/", summary="Change one's own name and language")
    async def change(self, data: JSONBody[AccountChanges], current_user: UserDep) -> dict[str, Any]:
        return user_payload(change_account(current_user, data))

    @post("/password", summary="Change one's password (ends every other session)", status_code=200)
    async def password(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[PasswordChange],
        current_user: UserDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> Response[dict[str, Any]]:
        address = address_of(request, runtime.settings)
        token = await change_password(db_session, runtime, current_user, data, address)
        return Response(
            {"token": token, "u": user_payload(current_user)},
            cookies=auth_cookies(tenant, runtime.settings, token, keep=True),
        )


async def _own_user(ctx: CallContext) -> m.User:
    user = await ctx.session.get(m.User, logged_in(ctx).id)
    if user is None:
        raise Forbidden(WRONG_PASSWORD)
    return user


async def save_account(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``salvaAccount {name?, lang?}``."""
    return user_payload(change_account(await _own_user(ctx), parse(AccountChanges, data)))


async def new_password(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``cambiaPassword {current, password}``: this socket keeps working with the new token."""
    user = await _own_user(ctx)
    address = ctx.client.address if ctx.client is not None else "unknown"
    token = await change_password(ctx.session, ctx.host, user, parse(PasswordChange, data), address)
    if ctx.client is not None:  # before the commit, so the kick on commit spares this socket
        claims = service.claims_of(ctx.host.settings, ctx.tenant.id, token)
        await ctx.client.set_auth_token(token, service.principal_of(user), claims)
    return {"token": token}
