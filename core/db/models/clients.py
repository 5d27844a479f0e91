"""Clients: the customers of quotes and policies."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType


class Client(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "clients"
    __table_args__ = (
        Index("ix_clients_tenant_fiscal_code", "tenant_id", "fiscal_code"),
        Index("ix_clients_tenant_owner_fiscal_code", "tenant_id", "owner_agent_id", "fiscal_code"),
    )
    __audited__ = True

    agent_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    owner_agent_id: Mapped[str | None] = mapped_column(String(32))
    """The agent tree the client belongs to: the top agent of the records that made it
    (``agId``, else ``aId``); ``None`` for records outside any agent's tree."""
    name: Mapped[str] = mapped_column(String(200), index=True)
    fiscal_code: Mapped[str | None] = mapped_column(String(16))
    """Codice Fiscale (16 characters) or Partita IVA (11 digits)."""
    email: Mapped[str | None] = mapped_column(String(254))
    phone: Mapped[str | None] = mapped_column(String(40))
    data: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
