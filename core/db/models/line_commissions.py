"""What product lines' practices earn (``line_commissions``), kept by core as they change."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Boolean, Date, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import JSONType


class LineCommission(Base, HasId, TenantOwned):
    """One commission item a product line's quote earns, as its ``quote_commissions`` hook
    answered at the quote's last committed change (:mod:`core.domain.commissions.line_keeper`).

    The report and the monthly summary read these rows as they read instalments: the figures
    are those of the sale, not recomputed from today's rates. ``seq`` numbers a quote's items.
    """

    __tablename__ = "line_commissions"
    __table_args__ = (UniqueConstraint("tenant_id", "quote_id", "seq"),)

    line: Mapped[str] = mapped_column(String(64))
    quote_id: Mapped[str] = mapped_column(String(32), index=True)
    """The practice (no foreign key: a deleted quote's rows go through the keeper, so the
    summary hears of them)."""
    seq: Mapped[int] = mapped_column(Integer, default=0)
    day: Mapped[date] = mapped_column(Date, index=True)
    """When it is earned (the report's range and month)."""
    agent_id: Mapped[str | None] = mapped_column(String(32), index=True)
    parent_agent_id: Mapped[str | None] = mapped_column(String(32), index=True)
    referrer_id: Mapped[str | None] = mapped_column(String(32))
    company: Mapped[str | None] = mapped_column(String(100))
    product_id: Mapped[str | None] = mapped_column(String(32))
    product: Mapped[str] = mapped_column(String(100), default="")
    """The product's name as the line gives it."""
    commission: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """What the platform receives on it, the collaborators' parts included."""
    agent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    parent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    referrer_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    paid: Mapped[bool] = mapped_column(Boolean, default=False)
    """Collected: the line's own rule (a practice approved by the direction)."""
    link: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """The route that opens the practice: ``{name, params}``."""
