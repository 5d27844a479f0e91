"""Users (SPEC §3 'Current user') and their balance log."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    inspect,
)
from sqlalchemy.orm import Mapped, mapped_column, validates

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow

ROLE_PRIORITY = ("admin", "responsabile", "e", "a", "segnalatore")


def primary_role(role: dict[str, Any] | None) -> str | None:
    """The role a user is filtered by: the first set flag in :data:`ROLE_PRIORITY`."""
    for name in ROLE_PRIORITY:
        if role and role.get(name):
            return name
    return None


class User(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "users"
    __table_args__ = (UniqueConstraint("tenant_id", "email"),)
    __audited__ = True

    email: Mapped[str] = mapped_column(String(254))
    name: Mapped[str] = mapped_column(String(200), default="")
    photo: Mapped[str | None] = mapped_column(String(500))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    credentials_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Bumped when the password changes: older tokens and links stop working."""
    role: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    role_key: Mapped[str | None] = mapped_column(String(20), index=True)
    parent_agent_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    extra_products: Mapped[list[str]] = mapped_column(JSONType, default=list)
    referred_user_ids: Mapped[list[str]] = mapped_column(JSONType, default=list)
    provv: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    ritenuta: Mapped[Decimal] = mapped_column(Numeric(5, 2), default=Decimal(0))
    """The withholding rate in % (art. 25-bis c. 1 DPR 600/1973: the first IRPEF bracket)."""
    withholding_base: Mapped[str] = mapped_column(String(10), default="50", server_default="50")
    """The share of the commissions withheld on: ``50``, ``20`` or ``nessuna`` (flat-rate
    regime); :mod:`core.domain.commissions.withholding`."""
    tax_code: Mapped[str | None] = mapped_column(String(16))
    """Codice fiscale (16 characters, checked)."""
    vat_number: Mapped[str | None] = mapped_column(String(11))
    """Partita IVA (11 digits, checked)."""
    iban: Mapped[str | None] = mapped_column(String(34))
    """Where commissions are paid (ISO 13616, checked), stored without spaces."""
    info: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    language: Mapped[str] = mapped_column(String(5), default="it")
    developer: Mapped[bool] = mapped_column(Boolean, default=False)
    suspended_at: Mapped[datetime | None] = mapped_column(index=True)
    suspended_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    @validates("email")
    def _lower_email(self, _key: str, email: str) -> str:
        """Stored lower-case, so lookups use the (tenant, email) unique index."""
        return email.strip().lower()

    @validates("role")
    def _mirror_role(self, _key: str, role: dict[str, Any] | None) -> dict[str, Any]:
        role = dict(role or {})
        if _stored(self) and role != (self.role or {}):
            self.end_sessions()  # a token must not keep the rights it was minted with
        self.role_key = primary_role(role)
        agent = role.get("a")
        self.parent_agent_id = agent.get("aId") if isinstance(agent, dict) else None
        return role

    @validates("suspended_at")
    def _end_sessions_on_suspension(self, _key: str, at: datetime | None) -> datetime | None:
        if _stored(self) and at is not None and self.suspended_at is None:
            self.end_sessions()
        return at

    def end_sessions(self) -> None:
        """Every older token and link stops working; open sockets are closed on commit."""
        self.credentials_version = (self.credentials_version or 0) + 1

    @property
    def suspended(self) -> bool:
        return self.suspended_at is not None


def _stored(user: User) -> bool:
    """Whether ``user`` is a saved row being changed (not one being built)."""
    return inspect(user).persistent


class BalanceEntry(Base, HasId, TenantOwned):
    """One line of a collaborator's balance log (SPEC §3 'balance.log'), append-only.

    ``amount`` is what it moves in the balance (net of withholding for a credit; negative
    for a payout or an advance); a correction is a new entry, never an edit.
    """

    __tablename__ = "balance_log"
    __table_args__ = (
        Index("ix_balance_log_tenant_posting_key", "tenant_id", "posting_key", unique=True),
    )
    __audited__ = True

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    kind: Mapped[str] = mapped_column(String(20), default="rettifica")
    """``provvigione``, ``storno``, ``pagamento``, ``anticipo`` or ``rettifica``."""
    amount: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    gross: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    withholding: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    description: Mapped[str] = mapped_column(Text, default="")
    policy_id: Mapped[str | None] = mapped_column(
        ForeignKey("policies.id", ondelete="SET NULL"), index=True
    )
    instalment_id: Mapped[str | None] = mapped_column(
        ForeignKey("policy_instalments.id", ondelete="SET NULL")
    )
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="SET NULL"), index=True
    )
    """The product line's practice a credit or reversal is for (``line_commissions``)."""
    posting_key: Mapped[str | None] = mapped_column(String(120))
    """Makes a posting happen once: two requests with the same key post one entry."""
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
