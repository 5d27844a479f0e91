"""Reminders of unpaid instalments (solleciti, ``core.domain.dunning``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import utcnow


class DunningReminder(Base, HasId, TenantOwned):
    """A reminder sent for one instalment: by the daily job at ``offset_days`` from its due
    date (once: the unique key), or by hand (``offset_days`` ``None``, ``by`` the user)."""

    __tablename__ = "dunning_reminders"
    __table_args__ = (
        Index(
            "ux_dunning_reminders_instalment_offset",
            "tenant_id", "instalment_id", "offset_days", unique=True,
        ),
    )  # fmt: skip

    instalment_id: Mapped[str] = mapped_column(
        ForeignKey("policy_instalments.id", ondelete="CASCADE")
    )
    policy_id: Mapped[str] = mapped_column(
        ForeignKey("policies.id", ondelete="CASCADE"), index=True
    )
    offset_days: Mapped[int | None] = mapped_column(Integer)
    """Days from the due date (negative before it); ``None`` for a reminder sent by hand."""
    by: Mapped[str | None] = mapped_column(String(32))
    """Who sent it by hand; ``None`` for the job."""
    mailed: Mapped[bool] = mapped_column(default=False)
    """An e-mail went to the customer (the policy's customer had an address)."""
    at: Mapped[datetime] = mapped_column(default=utcnow)
