"""A user's ``credentials_version`` only ever rises, whoever raises it at the same time.

:meth:`core.db.models.users.User.end_sessions` adds one to the version the request read. Two
requests that read the same version (a password change and a role change at once) would both
write the same next one, and a token minted between their commits would outlive the second.
Before the flush writes a raised version, the row is locked and the version is put one above
the one now stored, so every raise counts.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect, select
from sqlalchemy.orm import Session

from core.db.models.users import User
from core.db.tenancy import TenantSession


@event.listens_for(TenantSession, "before_flush")
def _raise_from_stored(session: Session, _ctx: Any, _instances: Any) -> None:
    for user in session.dirty:
        if not isinstance(user, User):
            continue
        history = inspect(user).attrs.credentials_version.history
        if not history.added or not history.deleted:
            continue
        read = history.deleted[0] or 0
        stmt = select(User.credentials_version).where(User.id == user.id).with_for_update()
        with session.no_autoflush:
            stored = session.execute(stmt).scalar_one_or_none()
        if stored is not None and stored >= read:
            user.credentials_version = stored + (history.added[0] or 0) - read
