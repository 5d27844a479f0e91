"""Logging in: credentials, lockout after repeated failures, suspension, token minting.

The HTTP route and the realtime ``login`` call both use :func:`login`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import devices, known_addresses, revocation, throttle, tokens
from core.auth.hashing import HashGate
from core.auth.login_outcomes import counted
from core.auth.passwords import hash_password, needs_rehash, verify_password
from core.auth.principal import Principal, shared
from core.db import models as m
from core.errors import Forbidden, NotAuthenticated, SportelloError
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
    device: str
    """The device id its device cookie should carry (:mod:`core.auth.devices`)."""


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


NO_COOKIES: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Attempt:
    """Where a login comes from, and the bounds it must pass."""

    address: str
    limits: RateLimits
    hashing: HashGate
    cookies: Mapping[str, str] = field(default_factory=lambda: NO_COOKIES)
    """The request's cookies, where a device cookie of an earlier login may be."""


@counted
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

    Bounds, in order: the client address's rate; the account's wrong passwords from every
    address (a distributed guess pauses it), which spares the addresses and devices that
    logged into the account before; then the lockout of this (account, source) pair — the
    source being the device when its cookie is shown, else the address — which only wrong
    passwords checked from that source count. A refusal for capacity counts nowhere.
    """
    await attempt.limits.hit("login_per_address", tenant_id, attempt.address)
    account = (tenant_id, normalise_email(email))
    user = await user_by_email(session, email)
    device = devices.recognised_device(settings, user, attempt.cookies)
    known = device is not None or await known_addresses.is_known(
        session, settings, user, attempt.address
    )
    if not known and await attempt.limits.exceeded("login_failures_per_account", *account):
        raise await attempt.limits.refusal("login_failures_per_account", *account)
    source = devices.source_of(device) if device else attempt.address
    right = await _password_checks(session, settings, attempt, email, source, user, password)
    if not right or user is None:
        await attempt.limits.allow("login_failures_per_account", *account)
        raise NotAuthenticated(WRONG_CREDENTIALS)
    if user.suspended:
        raise Forbidden(await suspension_message(session, user))
    await known_addresses.remember(session, user, attempt.address)
    if user.password_hash and needs_rehash(user.password_hash):
        user.password_hash = await attempt.hashing.run(hash_password, password)
    token = mint_access(settings, user)
    return LoginResult(token=token, user=user, keep=keep, device=device or devices.new_device())


async def _password_checks(
    session: AsyncSession,
    settings: Settings,
    attempt: Attempt,
    email: str,
    source: str,
    user: m.User | None,
    password: str,
) -> bool:
    """Whether ``password`` is ``user``'s, checked within ``source``'s bounds and recorded
    (:mod:`core.auth.throttle`); the hash runs outside any transaction."""
    await throttle.begin_check(session, settings, email, source)
    outcome = throttle.Outcome.UNCHECKED
    try:
        stored_hash = user.password_hash if user else None
        right = await attempt.hashing.run(verify_password, stored_hash, password)
        outcome = throttle.Outcome.RIGHT if right and user else throttle.Outcome.WRONG
    finally:
        await throttle.end_check(session, settings, email, source, outcome)
    return outcome is throttle.Outcome.RIGHT


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
    user = (await session_users(session, [login]))[0]
    if isinstance(user, Refusal):
        raise user.error()  # made here: no frame keeps the error, nor the error a frame
    return user


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a login is refused: the error to raise."""

    kind: type[SportelloError]
    message: str

    def error(self) -> SportelloError:
        return self.kind(self.message)


async def session_users(
    session: AsyncSession, logins: Sequence[tokens.LoginSession]
) -> list[m.User | Refusal]:
    """:func:`session_user` for many logins in two statements: per login its user, or why
    it is refused."""
    ids = {login.user_id for login in logins}
    users = {u.id: u for u in (await session.execute(select(m.User).where(m.User.id.in_(ids))))
             .scalars()}  # fmt: skip
    ended = await revocation.revoked_among(session, [login.jti for login in logins])
    answers: list[m.User | Refusal] = []
    for login in logins:
        user = users.get(login.user_id)
        if user is None:
            answers.append(Refusal(NotAuthenticated, USER_GONE))
        elif user.suspended:  # said first: suspending also ends the user's sessions
            answers.append(Refusal(Forbidden, await suspension_message(session, user)))
        elif login.credentials_version != user.credentials_version:
            answers.append(Refusal(NotAuthenticated, CREDENTIALS_CHANGED))
        elif login.jti in ended:
            answers.append(Refusal(NotAuthenticated, revocation.SESSION_ENDED))
        else:
            answers.append(user)
    return answers
