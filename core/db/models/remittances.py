"""Remittances (rimesse) to the companies and the reconciliation of a company's statement
against them (``core.domain.remittances``)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, Date, ForeignKey, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import utcnow


class Remittance(Base, HasId, TenantOwned, Timestamped):
    """What the broker owes a company for the premiums collected in a period: the totals as
    frozen when it was issued, and its payment."""

    __tablename__ = "remittances"
    __audited__ = True

    company: Mapped[str] = mapped_column(String(100), index=True)
    period_from: Mapped[date] = mapped_column(Date)
    period_to: Mapped[date] = mapped_column(Date)
    rows: Mapped[int] = mapped_column(Integer, default=0)
    """How many collected rows (instalments, refunds, single payments) it covers."""
    gross: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    """The premiums collected in the period, gross of taxes, refunds netted."""
    commission: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    """The commissions the broker retains on them."""
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    """What is remitted: ``gross - commission``."""
    status: Mapped[str] = mapped_column(String(20), default="da_pagare", index=True)
    """``da_pagare`` or ``pagata``."""
    paid_on: Mapped[date | None] = mapped_column(Date, index=True)
    method: Mapped[str | None] = mapped_column(String(50))
    reference: Mapped[str | None] = mapped_column(String(200))
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    open_differences: Mapped[int] = mapped_column(Integer, default=0)
    """Differences of its latest statement reconciliation still to resolve."""


class RemittanceReconciliation(Base, HasId, TenantOwned):
    """A company statement imported against a remittance, with its counts by result."""

    __tablename__ = "remittance_reconciliations"

    remittance_id: Mapped[str] = mapped_column(
        ForeignKey("remittances.id", ondelete="CASCADE"), index=True
    )
    file_name: Mapped[str] = mapped_column(String(200), default="")
    imported_at: Mapped[datetime] = mapped_column(default=utcnow)
    imported_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    lines: Mapped[int] = mapped_column(Integer, default=0)
    """Lines read from the statement."""
    ok: Mapped[int] = mapped_column(Integer, default=0)
    differences: Mapped[int] = mapped_column(Integer, default=0)


class ReconciliationLine(Base, HasId, TenantOwned):
    """One policy and instalment of a reconciliation: what we collected, what the company's
    statement says, the result, and whether a person resolved the difference."""

    __tablename__ = "remittance_reconciliation_lines"

    reconciliation_id: Mapped[str] = mapped_column(
        ForeignKey("remittance_reconciliations.id", ondelete="CASCADE"), index=True
    )
    policy_number: Mapped[str] = mapped_column(String(100))
    instalment: Mapped[int] = mapped_column(Integer)
    statement_lines: Mapped[str] = mapped_column(String(200), default="")
    """The statement's line numbers for this key (``"12"``, ``"12, 40"``), empty when absent."""
    result: Mapped[str] = mapped_column(String(20), index=True)
    """``ok``, ``importo_diverso``, ``non_incassato`` or ``non_in_estratto``."""
    our_gross: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    our_commission: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    their_gross: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    their_commission: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    resolved: Mapped[bool] = mapped_column(Boolean, default=False)
    note: Mapped[str] = mapped_column(String(500), default="")
    resolved_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column()
