"""Ending sessions before their tokens expire.

* One token (logout): a ``revoked_tokens`` entry by its ``jti``, kept until the token would
  have expired anyway.
* Every session of a user (new password, role change, suspension, 'esci da tutti i
  dispositivi'): ``User.end_sessions`` raises the user's ``credentials_version``, and tokens
  carry the version they were minted with.

Either way the commit reaches the sockets (:mod:`core.auth.kicks`): those holding an
ended session are closed at once, on every process.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.tokens import LoginSession
from core.db import models as m
from core.db.types import utcnow

SESSION_ENDED = "Non autorizzato: sessione terminata, effettua di nuovo l'accesso"


async def revoke(session: AsyncSession, login: LoginSession) -> None:
    """End the session of one token (idempotent); forget entries whose tokens expired."""
    await session.execute(delete(m.RevokedToken).where(m.RevokedToken.expires_at < utcnow()))
    if login.jti and not await is_revoked(session, login.jti):
        session.add(
            m.RevokedToken(jti=login.jti, user_id=login.user_id, expires_at=login.expires_at)
        )


async def revoked_among(session: AsyncSession, jtis: Collection[str]) -> set[str]:
    """Which of ``jtis`` were revoked."""
    if not jtis:
        return set()
    stmt = select(m.RevokedToken.jti).where(m.RevokedToken.jti.in_(set(jtis)))
    return set((await session.execute(stmt)).scalars())


async def is_revoked(session: AsyncSession, jti: str) -> bool:
    stmt = select(m.RevokedToken.id).where(m.RevokedToken.jti == jti).limit(1)
    return (await session.execute(stmt)).first() is not None
