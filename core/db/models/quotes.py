"""Quotes (preventivi), SPEC §3."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.stored_payload import StoredPayload
from core.db.types import JSONType, utcnow


class Quote(Base, HasId, TenantOwned, InAgentTree, Timestamped, StoredPayload):
    __tablename__ = "quotes"
    __table_args__ = (
        Index("ix_quotes_tenant_agent_at", "tenant_id", "agent_id", "at"),
        Index("ix_quotes_tenant_type_at", "tenant_id", "type", "at"),
    )
    __audited__ = True

    type: Mapped[str | None] = mapped_column(String(64), index=True)
    """Product line of an extra-product practice; ``None`` for a plain quote."""
    product_id: Mapped[str | None] = mapped_column(
        ForeignKey("products.id", ondelete="SET NULL"), index=True
    )
    status: Mapped[str | None] = mapped_column(String(100), index=True)
    archived: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    doc_status: Mapped[int | None] = mapped_column(Integer)
    """-1 means the documents were not approved."""
    renew: Mapped[bool] = mapped_column(Boolean, default=False)
    renew_of: Mapped[str | None] = mapped_column(String(32), index=True, unique=True)
    """The policy this quote renews: one renewal quote per policy (the unique key)."""
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    emission_requested_at: Mapped[datetime | None] = mapped_column(index=True)
    emission_requested_by: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    usr_data: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    car: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    price: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    quote: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    prodotto: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    allegati: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
