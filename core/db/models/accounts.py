"""Account security records: login throttling, spent links and the development outbox."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import utcnow


class LoginThrottle(Base, HasId, TenantOwned):
    """Failed logins per email (existing or not, so locking reveals nothing)."""

    __tablename__ = "login_throttle"
    __table_args__ = (UniqueConstraint("tenant_id", "email_key"),)

    email_key: Mapped[str] = mapped_column(String(64))
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
