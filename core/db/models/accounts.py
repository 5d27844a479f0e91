"""Account security records: login throttling, spent links and the development outbox."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import utcnow


class LoginThrottle(Base, HasId, TenantOwned):
    """Login records per (email, source), the email existing or not (so locking reveals
    nothing), one row per kind (``core.auth.throttle``, ``core.auth.known_addresses``):

    - ``failures``: wrong passwords since ``window_started_at`` (``failures``) and the lock;
    - ``checking``: how many checks are in flight (``failures``), leased at
      ``window_started_at``;
    - ``known``: an address the account logged in from, with the account's credentials
      version (``failures``) at its last login from there (``window_started_at``).

    :func:`core.auth.prune.prune_login_records` deletes each kind once it no longer matters.
    """

    __tablename__ = "login_throttle"
    __table_args__ = (UniqueConstraint("tenant_id", "email_key"),)

    email_key: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(10), default="failures", server_default="failures")
    failures: Mapped[int] = mapped_column(Integer, default=0)
    window_started_at: Mapped[datetime] = mapped_column(default=utcnow)
    locked_until: Mapped[datetime | None] = mapped_column()


class SpentLink(Base, HasId, TenantOwned):
    """A registration or reset link that was used (links are single-use)."""

    __tablename__ = "spent_links"
    __table_args__ = (UniqueConstraint("tenant_id", "jti"),)

    jti: Mapped[str] = mapped_column(String(64))
    purpose: Mapped[str] = mapped_column(String(20))
    used_at: Mapped[datetime] = mapped_column(default=utcnow)


class OutboxMail(Base, HasId, TenantOwned):
    """A mail kept for the admin to read in development."""

    __tablename__ = "mail_outbox"

    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    to: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(300))
    text: Mapped[str] = mapped_column(Text)
    purpose: Mapped[str] = mapped_column(String(20), default="")
    delivered: Mapped[bool] = mapped_column(default=False)


class RevokedToken(Base, HasId, TenantOwned):
    """A login token ended before its expiry (logout); kept until it would have expired."""

    __tablename__ = "revoked_tokens"
    __table_args__ = (UniqueConstraint("tenant_id", "jti"),)

    jti: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(32), index=True)
    expires_at: Mapped[datetime] = mapped_column(index=True)
