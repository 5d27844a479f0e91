"""Policies (polizze) and their instalments (rate), SPEC §3."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Boolean, Date, ForeignKey, Integer, Numeric, String, event
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.types import JSONType


class Policy(Base, HasId, TenantOwned, InAgentTree, Timestamped):
    __tablename__ = "policies"
    __audited__ = True

    type: Mapped[str | None] = mapped_column(String(64), index=True)
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="SET NULL"), index=True
    )
    company: Mapped[str | None] = mapped_column(String(100), index=True)
    number: Mapped[str | None] = mapped_column(String(100), index=True)
    end_date: Mapped[date | None] = mapped_column(Date, index=True)
    frequency: Mapped[str] = mapped_column(String(10), default="ANN")
    payment_method: Mapped[str | None] = mapped_column(String(50))
    prepaid: Mapped[bool] = mapped_column(Boolean, default=False)
    paid: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    paid_at: Mapped[datetime | None] = mapped_column()
    pr: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Snapshot of the quote: type, renew, agId, aId, usrData."""
    quote: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    allegati: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)

    instalments: Mapped[list[Instalment]] = relationship(
        back_populates="policy",
        order_by="Instalment.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class Instalment(Base, HasId, TenantOwned, Timestamped):
    """One instalment (rata) of a policy."""

    __tablename__ = "policy_instalments"
    __audited__ = True

    policy_id: Mapped[str] = mapped_column(
        ForeignKey("policies.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    cassa_date: Mapped[date | None] = mapped_column(Date, index=True)
    total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    agent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    paid: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    paid_at: Mapped[datetime | None] = mapped_column()
    info: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Free notes such as ``{"SOSP": true}``."""

    policy: Mapped[Policy] = relationship(back_populates="instalments")


@event.listens_for(Policy, "init")
def _start_without_instalments(_target: Policy, _args: Any, kwargs: dict[str, Any]) -> None:
    """A new policy's instalments are an empty list, not a lazy load: its change event is
    built after the commit, where an async session cannot load anything."""
    kwargs.setdefault("instalments", [])
