"""Per-tenant stored settings: what admins change at runtime on top of tenants.yaml."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType


class TenantSettings(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "tenant_settings"
    __table_args__ = (UniqueConstraint("tenant_id"),)
    __audited__ = True

    disabled_products: Mapped[list[str]] = mapped_column(
        JSONType, default=list, server_default=text("'[]'")
    )
    """Offered product lines an admin switched off (lines offered later start switched on)."""
    extra_stati: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    assistenza: Mapped[str] = mapped_column(Text, default="")
    data: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """compagnie, rami, slides, frazionamenti, plateInQuote, askOtp…"""
    vapid_public_key: Mapped[str | None] = mapped_column(String(200))
    vapid_private_key: Mapped[str | None] = mapped_column(Text)
    demo_seeded_at: Mapped[datetime | None] = mapped_column()
