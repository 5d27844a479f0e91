"""Logging in: credentials, lockout after repeated failures, suspension, token minting.

The HTTP route and the realtime ``login`` call both use :func:`login`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from anyio import to_thread
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import tokens
from core.auth.passwords import hash_password, needs_rehash, verify_password
from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.errors import Forbidden, NotAuthenticated, TooManyAttempts
from core.i18n import hour_minute, short_datetime
from core.settings import Settings

WRONG_CREDENTIALS = "Nome utente o password errati"


@dataclass(frozen=True, slots=True)
class LoginResult:
    token: str
    user: m.User
    keep: bool


def normalise_email(email: str) -> str:
    return email.strip().lower()


def _email_key(email: str) -> str:
    return hashlib.sha256(normalise_email(email).encode()).hexdigest()


def principal_of(user: m.User) -> Principal:
    return Principal(
        id=user.id,
        tenant_id=user.tenant_id,
        roles=user.role or {},
        name=user.name,
        email=user.email,
        extra_products=tuple(user.extra_products or ()),
        referred_user_ids=tuple(user.referred_user_ids or ()),
        developer=user.developer,
    )


async def user_by_email(session: AsyncSession, email: str) -> m.User | None:
    stmt = select(m.User).where(func.lower(m.User.email) == normalise_email(email))
    return (await session.execute(stmt)).scalar_one_or_none()


async def suspension_message(session: AsyncSession, user: m.User) -> str:
    """``Non puoi accedere: account sospeso il 3 nov 26 14:05 da Mario Rossi``."""
    assert user.suspended_at is not None
    by = await session.get(m.User, user.suspended_by) if user.suspended_by else None
    who = by.name if by else "un amministratore"
    return f"Non puoi accedere: account sospeso il {short_datetime(user.suspended_at)} da {who}"


async def _throttle(session: AsyncSession, email: str) -> m.LoginThrottle:
    key = _email_key(email)
    stmt = select(m.LoginThrottle).where(m.LoginThrottle.email_key == key)
    row = (await session.execute(stmt)).scalar_one_or_none()
    if row is None:
        row = m.LoginThrottle(email_key=key, failures=0, window_started_at=utcnow())
        session.add(row)
    return row


async def clear_throttle(session: AsyncSession, email: str) -> None:
    row = await _throttle(session, email)
    row.failures, row.locked_until = 0, None


def _check_lock(row: m.LoginThrottle) -> None:
    if row.locked_until and row.locked_until > utcnow():
        raise TooManyAttempts(
            "Troppi tentativi di accesso non riusciti: account bloccato, "
            f"riprova dopo le {hour_minute(row.locked_until)}"
        )


async def _record_failure(session: AsyncSession, row: m.LoginThrottle, settings: Settings) -> None:
    window = timedelta(minutes=settings.auth.login_lock_minutes)
    now = utcnow()
    if now - row.window_started_at > window:
        row.failures, row.window_started_at = 0, now
    row.failures += 1
    if row.failures >= settings.auth.login_max_failures:
        row.locked_until, row.failures = now + window, 0
    await session.flush()


async def login(
    session: AsyncSession,
    settings: Settings,
    *,
    tenant_id: str,
    email: str,
    password: str,
    keep: bool,
) -> LoginResult:
    """Check the credentials and mint a token; every failure says nothing about the email."""
    throttle = await _throttle(session, email)
    _check_lock(throttle)
    user = await user_by_email(session, email)
    stored_hash = user.password_hash if user else None
    if not await to_thread.run_sync(verify_password, stored_hash, password) or user is None:
        await _record_failure(session, throttle, settings)
        await session.commit()  # the failure counts even though the request fails
        raise NotAuthenticated(WRONG_CREDENTIALS)
    if user.suspended:
        raise Forbidden(await suspension_message(session, user))
    throttle.failures, throttle.locked_until = 0, None
    if user.password_hash and needs_rehash(user.password_hash):
        user.password_hash = await to_thread.run_sync(hash_password, password)
    return LoginResult(token=mint_access(settings, user), user=user, keep=keep)


def mint_access(settings: Settings, user: m.User) -> str:
    return tokens.mint(
        settings.signing_key(),
        tenant_id=user.tenant_id,
        subject=user.id,
        kind=tokens.ACCESS,
        ttl=timedelta(days=settings.auth.token_ttl_days),
        data={"roles": user.role or {}},
    )


async def authenticate_token(
    session: AsyncSession, settings: Settings, *, tenant_id: str, token: str
) -> m.User:
    """The user a login token stands for; refused for another tenant, a gone or suspended user."""
    claims = tokens.verify(settings.signing_key(), token, tenant_id=tenant_id, kind=tokens.ACCESS)
    user = await session.get(m.User, claims.subject)
    if user is None:
        raise NotAuthenticated("Non autorizzato: utente inesistente")
    if user.suspended:
        raise Forbidden(await suspension_message(session, user))
    return user
