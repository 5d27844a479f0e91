"""Policies (polizze) and their instalments (rate), SPEC §3."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
    event,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.stored_payload import StoredPayload
from core.db.types import JSONType, utcnow

_SPACES = re.compile(r"\s+")


def number_key(number: str | None) -> str | None:
    """A policy number's key: upper case, every space removed; ``None`` when nothing is left.
    One per company and tenant (:mod:`core.domain.policies.numbers`)."""
    key = _SPACES.sub("", number or "").upper()
    return key or None


class Policy(Base, HasId, TenantOwned, InAgentTree, Timestamped, StoredPayload):
    __tablename__ = "policies"
    __table_args__ = (
        Index(
            "ux_policies_tenant_company_number", "tenant_id", "company", "number_key", unique=True
        ),
    )
    __audited__ = True

    type: Mapped[str | None] = mapped_column(String(64), index=True)
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="SET NULL"), index=True
    )
    company: Mapped[str | None] = mapped_column(String(100), index=True)
    product_id: Mapped[str | None] = mapped_column(String(32))
    """The quote's product when the policy was issued (the report groups by it)."""
    number: Mapped[str | None] = mapped_column(String(100), index=True)
    start_date: Mapped[date | None] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date, index=True)
    premium: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The yearly premium the customer pays, gross of taxes (the instalments sum to it)."""
    ramo: Mapped[str | None] = mapped_column(String(32))
    """The main ramo of the premium (``core.domain.taxes.rami``); ``None`` when unknown."""
    net_premium: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The net premium (imponibile): the company commission is computed on it."""
    tax_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The taxes and contributions on the net premium: ``net_premium + tax_total == premium``."""
    taxes: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """The taxes by ramo as offers store them: ``[{ramo, label, rate, base, amount}]``."""
    tax_derived: Mapped[bool] = mapped_column(Boolean, default=False)
    """The split was derived from the gross (an old row, or an offer given only its gross)."""
    agent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The agent's part of the company commission (the instalments' parts sum to it)."""
    commission: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The company commission on the premium (agent, parent, referrer and platform share it)."""
    parent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The parent agent's difference over a sub-agent's rate."""
    referrer_id: Mapped[str | None] = mapped_column(String(32), index=True)
    """The referrer (segnalatore) of the agent, if any (no foreign key: see core_0008)."""
    referrer_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    rates: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """The rates in % the split was made with: ``company``, ``agent``, ``parent``, ``referrer``."""
    frequency: Mapped[str] = mapped_column(String(10), default="ANN")
    payment_method: Mapped[str | None] = mapped_column(String(50))
    prepaid: Mapped[bool] = mapped_column(Boolean, default=False)
    paid: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    paid_at: Mapped[datetime | None] = mapped_column()
    pr: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Snapshot of the quote: type, renew, agId, aId, usrData."""
    quote: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    allegati: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    purchase: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """What the customer declared on the purchase page: ``{method, at}``."""
    number_key: Mapped[str | None] = mapped_column(String(100))
    """The number's key, unique per company (:mod:`core.domain.policies.numbers`); set on
    insert from ``number``."""
    issue_override: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    """Issued despite refused or missing documents: ``{reason, documents, by, at}``."""
    cancelled_on: Mapped[date | None] = mapped_column(Date)
    """The day the policy was cancelled (cover ends at 24:00): ``core.domain.policy_changes``."""
    cancel_reason: Mapped[str | None] = mapped_column(String(20))
    """The cancellation's reason code (``core.domain.policy_changes.reasons``)."""

    instalments: Mapped[list[Instalment]] = relationship(
        back_populates="policy",
        order_by="Instalment.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class Instalment(Base, HasId, TenantOwned, Timestamped, StoredPayload):
    """One instalment (rata) of a policy."""

    __tablename__ = "policy_instalments"
    __audited__ = True

    policy_id: Mapped[str] = mapped_column(
        ForeignKey("policies.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    cassa_date: Mapped[date | None] = mapped_column(Date, index=True)
    total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    net: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The instalment's share of the net premium (``net + tax == total``)."""
    tax: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The instalment's share of the taxes."""
    agent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    commission: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    parent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    referrer_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    paid: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    paid_at: Mapped[datetime | None] = mapped_column(index=True)
    """When it was collected (remittances and the cash sheet read a period of them)."""
    paid_method: Mapped[str | None] = mapped_column(String(50))
    info: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Free notes such as ``{"SOSP": true}`` (a suspended instalment)."""

    policy: Mapped[Policy] = relationship(back_populates="instalments")


class RenewalRun(Base, HasId, TenantOwned):
    """A day's renewal run of one tenant: the unique row makes the run happen once."""

    __tablename__ = "renewal_runs"
    __table_args__ = (UniqueConstraint("tenant_id", "day"),)

    day: Mapped[date] = mapped_column(Date)
    created: Mapped[int] = mapped_column(Integer, default=0)
    """How many renewal quotes the run created."""
    at: Mapped[datetime] = mapped_column(default=utcnow)


class CashDay(Base, HasId, TenantOwned):
    """A closed day of the cash sheet: its payments can no longer change."""

    __tablename__ = "cash_days"
    __table_args__ = (UniqueConstraint("tenant_id", "day"),)
    __audited__ = True

    day: Mapped[date] = mapped_column(Date)
    closed_at: Mapped[datetime] = mapped_column(default=utcnow)
    closed_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    totals: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """The day's figures as closed: collected total, per method and per company."""


class CommissionMonth(Base, HasId, TenantOwned):
    """One month's commission items summed per beneficiary, company, product and paid state,
    in integer cents. Kept in step with every committed change to policies and instalments
    (:mod:`core.domain.commissions.summary`); the report reads whole months from here.
    Absent keys are ``''`` so that the unique key holds (SQL's NULLs never collide)."""

    __tablename__ = "commission_months"
    __table_args__ = (
        UniqueConstraint(
            "tenant_id", "month", "agent_id", "parent_agent_id", "referrer_id", "company",
            "product_id", "paid", name="uq_commission_months_key",
        ),
    )  # fmt: skip

    month: Mapped[date] = mapped_column(Date)
    """The month's first day."""
    agent_id: Mapped[str] = mapped_column(String(32))
    parent_agent_id: Mapped[str] = mapped_column(String(32))
    referrer_id: Mapped[str] = mapped_column(String(32))
    company: Mapped[str] = mapped_column(String(100))
    product_id: Mapped[str] = mapped_column(String(32))
    paid: Mapped[bool] = mapped_column(Boolean)
    items: Mapped[int] = mapped_column(Integer, default=0)
    commission: Mapped[int] = mapped_column(BigInteger, default=0)
    agent: Mapped[int] = mapped_column(BigInteger, default=0)
    parent: Mapped[int] = mapped_column(BigInteger, default=0)
    referrer: Mapped[int] = mapped_column(BigInteger, default=0)


@event.listens_for(Policy, "before_insert")
def _key_the_number(_mapper: Any, _connection: Any, target: Policy) -> None:
    if target.number_key is None:
        target.number_key = number_key(target.number)


@event.listens_for(Policy, "init")
def _start_without_instalments(_target: Policy, _args: Any, kwargs: dict[str, Any]) -> None:
    """A new policy's instalments are an empty list, not a lazy load: its change event is
    built after the commit, where an async session cannot load anything."""
    kwargs.setdefault("instalments", [])
