"""The audit log: who changed what, and when."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import JSONType, utcnow


class AuditEntry(Base, HasId, TenantOwned):
    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_entity", "tenant_id", "entity", "entity_id"),)

    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    actor_id: Mapped[str | None] = mapped_column(String(32), index=True)
    entity: Mapped[str] = mapped_column(String(64))
    entity_id: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(10))
    """insert, update or delete."""
    changes: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Update: field → ``[old, new]``; insert: the new values; delete: the removed values."""
