"""Account routes: login, current user, logout, invitations, registration, password reset."""

from __future__ import annotations

import contextlib
from typing import Any

import structlog
from litestar import Controller, Request, Response, get, post
from litestar.background_tasks import BackgroundTask
from litestar.params import FromPath, JSONBody
from litestar.status_codes import HTTP_202_ACCEPTED
from sqlalchemy import select

from core import permissions as perm
from core.auth import links, revocation, service, tokens
from core.auth.cookies import auth_cookies, cleared_cookies
from core.auth.devices import device_cookie
from core.auth.menu import menu_payload, open_lines
from core.auth.roles import check_grant
from core.auth.schemas import (
    InviteBody,
    LoginBody,
    RegisterBody,
    ResetConfirmBody,
    ResetRequestBody,
)
from core.db import models as m
from core.domain.users.serialize import user_payload
from core.errors import SportelloError
from core.guards import require
from core.http.client_address import address_of
from core.http.deps import (
    PrincipalDep,
    RuntimeDep,
    SessionDep,
    TenantDep,
    UserDep,
    check_same_site,
    request_token,
)

log = structlog.get_logger(__name__)


async def _limit(
    request: Request[Any, Any, Any], runtime: RuntimeDep, tenant: TenantDep, rule: str
) -> None:
    """Count the request against ``rule`` for its client address (429 past it)."""
    await runtime.rate_limits.hit(rule, tenant.id, address_of(request, runtime.settings))


class AuthController(Controller):
    path = "/api/auth"
    tags = ["auth"]

    @post("/login", summary="Log in with email and password", status_code=200)
    async def login(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[LoginBody],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> Response[dict[str, Any]]:
        check_same_site(request, tenant)  # a page of another site may not log anyone in
        result = await service.login(
            db_session,
            runtime.settings,
            tenant_id=tenant.id,
            email=data.email,
            password=data.password,
            keep=data.keep,
            attempt=runtime.login_attempt(address_of(request, runtime.settings), request.cookies),
        )
        return Response(
            {"token": result.token, "user": user_payload(result.user)},
            cookies=[
                *auth_cookies(tenant, runtime.settings, result.token, keep=data.keep),
                device_cookie(runtime.settings, result.user, result.device),
            ],
        )

    @get("/me", summary="The logged-in user and their menu")
    async def me(
        self,
        current_user: UserDep,
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        return {
            "user": user_payload(current_user),
            "menu": await menu_payload(runtime, db_session, tenant, principal),
            "lines": await open_lines(runtime, db_session, tenant, principal),
            "canEdit": perm.can_edit(principal),
        }

    @post(
        "/logout", summary="End this session: revoke its token, forget the cookies", status_code=200
    )
    async def logout(
        self,
        request: Request[Any, Any, Any],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> Response[dict[str, bool]]:
        """Revokes the token it carries (its sockets close at once); answers the same for a
        token that is already invalid, so a client can always clean up."""
        token, from_cookie = request_token(request, tenant)
        if token:
            if from_cookie:
                check_same_site(request, tenant)
            with contextlib.suppress(SportelloError):
                _user, claims = await service.authenticate(
                    db_session, runtime.settings, tenant_id=tenant.id, token=token
                )
                await revocation.revoke(db_session, tokens.LoginSession.of(claims))
        return Response({"ok": True}, cookies=cleared_cookies(tenant, runtime.settings))

    @post(
        "/logout-all",
        summary="Esci da tutti i dispositivi: end every session of the current user",
        status_code=200,
    )
    async def logout_all(
        self, current_user: UserDep, runtime: RuntimeDep, tenant: TenantDep
    ) -> Response[dict[str, bool]]:
        current_user.end_sessions()
        return Response({"ok": True}, cookies=cleared_cookies(tenant, runtime.settings))

    @post("/invite", summary="Create a user and mail the registration link", status_code=201)
    async def invite(
        self,
        data: JSONBody[InviteBody],
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        require(perm.sees_users, principal)
        await check_grant(db_session, principal, data.role)
        await links.send_invitation(
            db_session, runtime.settings, tenant,
            email=data.email, name=data.name, role=data.role.as_dict(),
        )  # fmt: skip
        user = await service.user_by_email(db_session, data.email)
        assert user is not None
        return {"user": user_payload(user)}

    @get("/registration/{token:str}", summary="Check a registration link")
    async def registration_link(
        self,
        request: Request[Any, Any, Any],
        token: FromPath[str],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, str]:
        await _limit(request, runtime, tenant, "registration_per_address")
        user = await links.inspect_link(
            db_session, runtime.settings, tenant, token, tokens.REGISTRATION
        )
        return {"email": user.email, "name": user.name}

    @post("/register", summary="Complete a registration: choose the password", status_code=200)
    async def register(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[RegisterBody],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        await _limit(request, runtime, tenant, "registration_per_address")
        user = await links.redeem_link(
            db_session, runtime.settings, tenant, token=data.token,
            kind=tokens.REGISTRATION, password=data.password, name=data.name,
        )  # fmt: skip
        return {"user": user_payload(user)}

    @post("/password-reset", summary="Mail a reset link", status_code=HTTP_202_ACCEPTED)
    async def password_reset(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[ResetRequestBody],
        runtime: RuntimeDep,
        tenant: TenantDep,
    ) -> Response[dict[str, str]]:
        """Answers at once, the same for every email; the look-up and mail happen after.
        Past ``RATE_LIMIT_RESET_MAILS_PER_EMAIL`` the answer is the same and no mail goes."""
        await _limit(request, runtime, tenant, "reset_per_address")
        email = service.normalise_email(data.email)

        async def mail_the_link() -> None:
            if not await runtime.rate_limits.allow("reset_mails_per_email", tenant.id, email):
                log.info("auth.reset_mail_throttled", tenant=tenant.id)
                return
            try:
                async with runtime.db.session() as session:
                    await links.send_password_reset(
                        session, runtime.settings, tenant, email=data.email
                    )
            except Exception:  # the answer is gone already: the log is where this shows
                log.exception("auth.reset_mail_failed", tenant=tenant.id)

        return Response(
            {"message": "Se l'indirizzo è registrato, riceverai una mail con il link"},
            status_code=HTTP_202_ACCEPTED,
            background=BackgroundTask(mail_the_link),
        )

    @get("/password-reset/{token:str}", summary="Check a reset link")
    async def reset_link(
        self,
        request: Request[Any, Any, Any],
        token: FromPath[str],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, str]:
        await _limit(request, runtime, tenant, "registration_per_address")
        user = await links.inspect_link(db_session, runtime.settings, tenant, token, tokens.RESET)
        return {"email": user.email}

    @post(
        "/password-reset/confirm", summary="Set a new password from a reset link", status_code=200
    )
    async def reset_confirm(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[ResetConfirmBody],
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, str]:
        await _limit(request, runtime, tenant, "registration_per_address")
        await links.redeem_link(
            db_session, runtime.settings, tenant, token=data.token, kind=tokens.RESET,
            password=data.password,
        )  # fmt: skip
        return {"message": "Password aggiornata: ora puoi accedere"}


@get("/api/admin/outbox", summary="Mails kept in development (admin only)", tags=["admin"])
async def outbox(
    principal: PrincipalDep, runtime: RuntimeDep, db_session: SessionDep
) -> list[dict[str, Any]]:
    require(perm.sees_settings, principal)
    if runtime.settings.is_production:
        return []
    rows = await db_session.execute(
        select(m.OutboxMail).order_by(m.OutboxMail.at.desc()).limit(200)
    )
    return [
        {"_id": r.id, "at": r.at.isoformat(), "to": r.to, "subject": r.subject, "text": r.text,
         "purpose": r.purpose, "delivered": r.delivered}
        for r in rows.scalars()
    ]  # fmt: skip
