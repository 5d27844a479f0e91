"""Logging in: credentials, lockout after repeated failures, suspension, token minting.

The HTTP route and the realtime ``login`` call both use :func:`login`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import revocation, throttle, tokens
from core.auth.hashing import HashGate
from core.auth.passwords import hash_password, needs_rehash, verify_password
from core.auth.principal import Principal, shared
from core.db import models as m
from core.errors import Forbidden, NotAuthenticated
from core.http.ratelimit import RateLimits
from core.i18n import short_datetime
from core.messages import USER_GONE
from core.settings import Settings

WRONG_CREDENTIALS = "Nome utente o password errati"
CREDENTIALS_CHANGED = "Non autorizzato: le credenziali sono cambiate, accedi di nuovo"


@dataclass(frozen=True, slots=True)
class LoginResult:
    token: str
    user: m.User
    keep: bool


def normalise_email(email: str) -> str:
    return email.strip().lower()


def principal_of(user: m.User) -> Principal:
    """The user as the permission rules see it, shared with whoever holds an equal one."""
    return shared(
        Principal(
            id=user.id,
            tenant_id=user.tenant_id,
            roles=user.role or {},
            name=user.name,
            email=user.email,
            extra_products=tuple(user.extra_products or ()),
            referred_user_ids=tuple(user.referred_user_ids or ()),
            developer=user.developer,
        )
    )


async def user_by_email(session: AsyncSession, email: str) -> m.User | None:
    stmt = select(m.User).where(m.User.email == normalise_email(email))
    return (await session.execute(stmt)).scalar_one_or_none()


async def suspension_message(session: AsyncSession, user: m.User) -> str:
    """``Non puoi accedere: account sospeso il 3 nov 26 14:05 da Mario Rossi``."""
    assert user.suspended_at is not None
    by = await session.get(m.User, user.suspended_by) if user.suspended_by else None
    who = by.name if by else "un amministratore"
    return f"Non puoi accedere: account sospeso il {short_datetime(user.suspended_at)} da {who}"


@dataclass(frozen=True, slots=True)
class Attempt:
    """Where a login comes from, and the bounds it must pass."""

    address: str
    limits: RateLimits
    hashing: HashGate


async def login(
    session: AsyncSession,
    settings: Settings,
    *,
    tenant_id: str,
    email: str,
    password: str,
    keep: bool,
    attempt: Attempt,
) -> LoginResult:
    """Check the credentials and mint a token; every failure says nothing about the email.

    Bounds, in order: the client address's rate, the account's wrong passwords from every
    address (a distributed guess pauses it), then the lockout of this (account, address)
    pair, which an attacker elsewhere cannot trigger for the account's owner.
    """
    await attempt.limits.hit("login_per_address", tenant_id, attempt.address)
    account = (tenant_id, normalise_email(email))
    if await attempt.limits.exceeded("login_failures_per_account", *account):
        raise await attempt.limits.refusal("login_failures_per_account", *account)
    user = await user_by_email(session, email)
    number = await throttle.reserve_attempt(session, settings, email, attempt.address)
    # reserve_attempt committed: the hash runs outside any transaction (no lock held)
    stored_hash = user.password_hash if user else None
    if not await attempt.hashing.run(verify_password, stored_hash, password) or user is None:
        await attempt.limits.allow("login_failures_per_account", *account)
        if number >= settings.auth.login_max_failures:
            await throttle.lock(session, settings, email, attempt.address)
        raise NotAuthenticated(WRONG_CREDENTIALS)
    if user.suspended:
        raise Forbidden(await suspension_message(session, user))
    await throttle.clear(session, email)
    if user.password_hash and needs_rehash(user.password_hash):
        user.password_hash = await attempt.hashing.run(hash_password, password)
    return LoginResult(token=mint_access(settings, user), user=user, keep=keep)


def mint_access(settings: Settings, user: m.User) -> str:
    return tokens.mint(
        settings.signing_key(),
        tenant_id=user.tenant_id,
        subject=user.id,
        kind=tokens.ACCESS,
        ttl=timedelta(days=settings.auth.token_ttl_days),
        data={"roles": user.role or {}, "cv": user.credentials_version},
    )


def claims_of(settings: Settings, tenant_id: str, token: str) -> tokens.TokenClaims:
    """The claims of a login token of ``tenant_id`` (signature and expiry checked)."""
    return tokens.verify(settings.signing_key(), token, tenant_id=tenant_id, kind=tokens.ACCESS)


async def authenticate_token(
    session: AsyncSession, settings: Settings, *, tenant_id: str, token: str
) -> m.User:
    """The user a login token stands for; refused for another tenant, a gone or suspended user."""
    user, _claims = await authenticate(session, settings, tenant_id=tenant_id, token=token)
    return user


async def authenticate(
    session: AsyncSession, settings: Settings, *, tenant_id: str, token: str
) -> tuple[m.User, tokens.TokenClaims]:
    """Like :func:`authenticate_token`, with the token's claims (for its expiry)."""
    claims = tokens.verify(settings.signing_key(), token, tenant_id=tenant_id, kind=tokens.ACCESS)
    return await session_user(session, tokens.LoginSession.of(claims)), claims


async def session_user(session: AsyncSession, login: tokens.LoginSession) -> m.User:
    """The user of a login whose token was verified before; refused once the user is gone or
    suspended, or the session ended (a new password, logout, 'esci da tutti i dispositivi')."""
    user = await session.get(m.User, login.user_id)
    if user is None:
        raise NotAuthenticated(USER_GONE)
    if user.suspended:  # said first: suspending also ends the user's sessions
        raise Forbidden(await suspension_message(session, user))
    if login.credentials_version != user.credentials_version:
        raise NotAuthenticated(CREDENTIALS_CHANGED)
    if await revocation.is_revoked(session, login.jti):
        raise NotAuthenticated(revocation.SESSION_ENDED)
    return user
