"""Registration and password-reset links: signed, expiring, single-use, mailed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import throttle, tokens
from core.auth.passwords import hash_password, password_problem
from core.auth.service import normalise_email, user_by_email
from core.db import models as m
from core.errors import ClientError, Conflict, NotAuthenticated
from core.mail import send_mail
from core.messages import EMAIL_TAKEN
from core.settings import Settings
from tenants.config import Tenant

SPENT = "Questo link è già stato usato o non è più valido"


def _base_url(tenant: Tenant, settings: Settings) -> str:
    host = tenant.domains[0]
    if settings.is_production:
        return f"https://{host}"
    return f"http://{host}:{settings.app.port}"


def _mint(settings: Settings, tenant: Tenant, subject: str, kind: str, **data: Any) -> str:
    return tokens.mint(
        settings.signing_key(),
        tenant_id=tenant.id,
        subject=subject,
        kind=kind,
        ttl=timedelta(hours=settings.auth.link_ttl_hours),
        data=data,
    )


async def send_invitation(
    session: AsyncSession,
    settings: Settings,
    tenant: Tenant,
    *,
    email: str,
    name: str,
    role: dict[str, Any],
) -> str:
    """Create the (passwordless) user and mail the ``/registrazione/{jwt}`` link."""
    email = normalise_email(email)
    if await user_by_email(session, email) is not None:
        raise Conflict(EMAIL_TAKEN)
    user = m.User(email=email, name=name, role=role)
    session.add(user)
    await session.flush()
    token = _mint(settings, tenant, user.id, tokens.REGISTRATION, cv=user.credentials_version)
    link = f"{_base_url(tenant, settings)}/registrazione/{token}"
    text = (
        f"Ciao {name},\n\nsei stato invitato su {tenant.title}. "
        f"Completa la registrazione da questo link (valido {settings.auth.link_ttl_hours} ore):"
        f"\n\n{link}\n"
    )
    invited = user.id

    async def take_back(session: AsyncSession) -> None:  # not invited after all: invite again
        created = await session.get(m.User, invited)
        if created is not None:
            await session.delete(created)

    await send_mail(
        session, settings, to=email, subject=f"Registrazione su {tenant.title}", text=text,
        purpose=tokens.REGISTRATION, undo=take_back,
    )  # fmt: skip
    return link


async def send_password_reset(
    session: AsyncSession, settings: Settings, tenant: Tenant, *, email: str
) -> None:
    """Mail a ``/resetPwd/{jwt}`` link when the user exists; say nothing either way."""
    user = await user_by_email(session, email)
    if user is None or user.suspended:
        return
    token = _mint(settings, tenant, user.id, tokens.RESET, cv=user.credentials_version)
    link = f"{_base_url(tenant, settings)}/resetPwd/{token}"
    text = (
        f"Ciao {user.name},\n\nper scegliere una nuova password apri questo link "
        f"(valido {settings.auth.link_ttl_hours} ore):\n\n{link}\n\n"
        "Se non hai chiesto tu il cambio, ignora questa mail."
    )
    await send_mail(
        session, settings, to=user.email, subject=f"Reimposta la password di {tenant.title}",
        text=text, purpose=tokens.RESET,
    )  # fmt: skip


async def _open(
    session: AsyncSession, settings: Settings, tenant: Tenant, token: str, kind: str
) -> tuple[tokens.TokenClaims, m.User]:
    try:
        claims = tokens.verify(settings.signing_key(), token, tenant_id=tenant.id, kind=kind)
    except NotAuthenticated as exc:  # expired, forged or another site's: a dead link
        raise ClientError(SPENT) from exc
    spent = await session.execute(select(m.SpentLink.id).where(m.SpentLink.jti == claims.jti))
    user = await session.get(m.User, claims.subject)
    if spent.first() is not None or user is None:
        raise ClientError(SPENT)
    if claims.data.get("cv", 0) != user.credentials_version:  # the password changed since
        raise ClientError(SPENT)
    if kind == tokens.REGISTRATION and user.password_hash:
        raise ClientError(SPENT)
    return claims, user


async def inspect_link(
    session: AsyncSession, settings: Settings, tenant: Tenant, token: str, kind: str
) -> m.User:
    """The user a still-valid link belongs to (for the registration and reset screens)."""
    return (await _open(session, settings, tenant, token, kind))[1]


async def redeem_link(
    session: AsyncSession,
    settings: Settings,
    tenant: Tenant,
    *,
    token: str,
    kind: str,
    password: str,
    name: str | None = None,
) -> m.User:
    """Set the password (and name on registration) and spend the link."""
    claims, user = await _open(session, settings, tenant, token, kind)
    problem = password_problem(password, (user.email, name or user.name))
    if problem:
        raise ClientError(problem)
    session.add(m.SpentLink(jti=claims.jti, purpose=kind))
    try:
        await session.flush()
    except IntegrityError as exc:  # the same link redeemed twice at once
        raise ClientError(SPENT) from exc
    user.password_hash = await to_thread.run_sync(hash_password, password)
    user.end_sessions()  # every older link, token and socket stops working
    if name:
        user.name = name.strip()
    await throttle.clear(session, user.email)  # a fresh password unlocks the account
    return user
