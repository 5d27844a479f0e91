"""RUI registrations and the yearly professional training of collaborators
(``core.domain.rui``; Reg. IVASS 40/2018 artt. 4, 89)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Index, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import utcnow


class RuiRegistration(Base, HasId, TenantOwned, Timestamped):
    """A user's entry in the Registro Unico degli Intermediari: one per user."""

    __tablename__ = "rui_registrations"
    __table_args__ = (Index("ux_rui_registrations_user", "tenant_id", "user_id", unique=True),)
    __audited__ = True

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    section: Mapped[str] = mapped_column(String(1))
    """``A``–``F`` (art. 4 c. 2 Reg. IVASS 40/2018)."""
    number: Mapped[str] = mapped_column(String(10))
    """The section's letter and nine digits, e.g. ``E000123456``."""
    registered_on: Mapped[date] = mapped_column(Date)
    ended_on: Mapped[date | None] = mapped_column(Date)
    """Cancellation (or end of the mandate): no valid entry from that day."""
    intermediary_name: Mapped[str] = mapped_column(String(200), default="")
    """For section E: the A, B, D or F intermediary the collaborator works for."""
    intermediary_number: Mapped[str | None] = mapped_column(String(10))


class TrainingEntry(Base, HasId, TenantOwned):
    """A course a user attended: hours with two decimals, counted in the year of ``day``."""

    __tablename__ = "training_entries"
    __table_args__ = (Index("ix_training_entries_user_day", "tenant_id", "user_id", "day"),)
    __audited__ = True

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    hours: Mapped[Decimal] = mapped_column(Numeric(5, 2))
    title: Mapped[str] = mapped_column(String(200))
    provider: Mapped[str] = mapped_column(String(200), default="")
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TrainingAlert(Base, HasId, TenantOwned):
    """A year-end training alert sent: once per recipient, year and threshold (the unique
    key), whichever process sends it first. ``recipient`` is a user id, or ``ufficio`` for
    the list sent to the office."""

    __tablename__ = "training_alerts"
    __table_args__ = (
        Index(
            "ux_training_alerts_once", "tenant_id", "recipient", "year", "threshold", unique=True
        ),
    )

    recipient: Mapped[str] = mapped_column(String(32))
    year: Mapped[int] = mapped_column(Integer)
    threshold: Mapped[str] = mapped_column(String(5))
    """``MM-DD`` of the threshold (``10-01``, ``12-01``)."""
    at: Mapped[datetime] = mapped_column(default=utcnow)
