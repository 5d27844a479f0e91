"""Signed JWTs: login tokens and single-use mail links, each bound to one tenant."""

from __future__ import annotations

import functools
import secrets
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any

import jwt

from core.errors import NotAuthenticated

ALGORITHM = "HS256"
ACCESS = "access"
REGISTRATION = "registrazione"
RESET = "reset"

# SPEC §8: the client drops its token cookie when a login error starts with "no" or "puoi".
EXPIRED = "Non autorizzato: sessione scaduta, effettua di nuovo l'accesso"
INVALID = "Non autorizzato: token non valido"
OTHER_SITE = "Non autorizzato: token non valido per questo sito"


class TokenExpired(NotAuthenticated):
    """A token that was ours but is past its expiry."""


@dataclass(frozen=True, slots=True)
class TokenClaims:
    tenant_id: str
    subject: str
    kind: str
    expires_at: datetime
    jti: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoginSession:
    """What a socket keeps of the login token it acts under: enough to check the session
    again and to end it, not the token itself (a few hundred bytes per socket)."""

    user_id: str
    jti: str
    credentials_version: int
    """The user's credentials version the token was minted with; -1 when unreadable."""
    expires_at: datetime

    @classmethod
    def of(cls, claims: TokenClaims) -> LoginSession:
        version = claims.data.get("cv", 0)
        return cls(
            sys.intern(claims.subject),  # one string for every socket of the user
            sys.intern(claims.jti),  # and of the login (a browser's tabs share it)
            version if isinstance(version, int) else -1,
            claims.expires_at,
        )


VERIFIED_TOKENS = 10_000
"""Signed tokens whose signature a process keeps as checked (about 1 KB each)."""


@functools.lru_cache(maxsize=VERIFIED_TOKENS)
def _signed_payload(key: str, token: str) -> Mapping[str, Any]:
    """The claims of ``token`` once its signature with ``key`` and its required claims are
    checked, once per process: a socket coming back (a restart, a network change) presents the
    token it had, and decoding a JWT costs more than the rest of its handshake. A token that
    fails is checked again each time (errors are not kept). The expiry is the caller's."""
    return MappingProxyType(
        jwt.decode(
            token, key, algorithms=[ALGORITHM],
            options={"require": ["exp", "sub", "tid", "typ"], "verify_exp": False},
        )
    )  # fmt: skip


def mint(
    key: str,
    *,
    tenant_id: str,
    subject: str,
    kind: str,
    ttl: timedelta,
    data: dict[str, Any] | None = None,
) -> str:
    now = datetime.now(UTC)
    payload = {
        "tid": tenant_id,
        "sub": subject,
        "typ": kind,
        "iat": int(now.timestamp()),
        "exp": int((now + ttl).timestamp()),
        "jti": secrets.token_hex(12),
        **(data or {}),
    }
    return jwt.encode(payload, key, algorithm=ALGORITHM)


def verify(key: str, token: str, *, tenant_id: str, kind: str) -> TokenClaims:
    """Decode ``token``; refuse it unless signed by us, unexpired, of ``kind`` and tenant."""
    try:
        payload = _signed_payload(key, token)
    except jwt.PyJWTError as exc:
        raise NotAuthenticated(INVALID) from exc
    expires = payload["exp"]
    if not isinstance(expires, int | float) or isinstance(expires, bool):
        raise NotAuthenticated(INVALID)
    if expires <= time.time():  # checked at each use: the signature's check is kept
        raise TokenExpired(EXPIRED)
    if payload.get("typ") != kind or payload.get("tid") != tenant_id:
        raise NotAuthenticated(OTHER_SITE)
    reserved = {"tid", "sub", "typ", "iat", "exp", "jti"}
    return TokenClaims(
        tenant_id=payload["tid"],
        subject=str(payload["sub"]),
        kind=payload["typ"],
        expires_at=datetime.fromtimestamp(payload["exp"], UTC),
        jti=str(payload.get("jti", "")),
        data={k: v for k, v in payload.items() if k not in reserved},
    )
