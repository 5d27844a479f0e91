"""GDPR records (``core.domain.privacy``): the tenant's privacy notice in versions, each
customer's consents as an append-only history, and the processing log (art. 30 GDPR)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import JSONType, utcnow


class PrivacyNotice(Base, HasId, TenantOwned):
    """One version of the tenant's privacy notice (arts. 12-14 GDPR): every save is a new
    row; old versions are kept as they were, read-only."""

    __tablename__ = "privacy_notices"
    __table_args__ = (UniqueConstraint("tenant_id", "version"),)

    version: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    author_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    at: Mapped[datetime] = mapped_column(default=utcnow)


class PrivacyConsent(Base, HasId, TenantOwned):
    """One consent given or revoked (art. 7 GDPR): a revocation is a new row, nothing is
    overwritten, so the history shows what held at any moment."""

    __tablename__ = "privacy_consents"
    __table_args__ = (Index("ix_privacy_consents_client", "tenant_id", "client_id", "at"),)

    client_id: Mapped[str] = mapped_column(ForeignKey("clients.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    """``servizio``, ``marketing`` or ``profilazione``."""
    given: Mapped[bool] = mapped_column(Boolean)
    notice_version: Mapped[int] = mapped_column(Integer, default=0)
    """The notice's version the customer was shown (0: the default text)."""
    channel: Mapped[str] = mapped_column(String(20))
    """``agente`` (recorded on the client page), ``link`` (the quote's public link) or
    ``cancellazione`` (revoked by an erasure)."""
    recorded_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    quote_id: Mapped[str | None] = mapped_column(String(32))
    """The quote whose link the customer used, for the ``link`` channel."""
    at: Mapped[datetime] = mapped_column(default=utcnow)


class PrivacyLogEntry(Base, HasId, TenantOwned):
    """One processing operation on personal data (art. 30 GDPR record, art. 5(2)
    accountability): append-only, never changed nor removed by the app (on PostgreSQL its
    row-level security admits only reads and inserts)."""

    __tablename__ = "privacy_log"
    __table_args__ = (Index("ix_privacy_log_tenant_at", "tenant_id", "at"),)

    at: Mapped[datetime] = mapped_column(default=utcnow)
    actor_id: Mapped[str | None] = mapped_column(String(32))
    """The user who acted; ``None`` for the customer through a public link."""
    action: Mapped[str] = mapped_column(String(20), index=True)
    """``esportazione``, ``cancellazione``, ``consenso`` or ``informativa``."""
    client_id: Mapped[str | None] = mapped_column(String(32), index=True)
    """No foreign key: the entry outlives whatever it names."""
    details: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
