"""What realtime sync keeps beside the records: deletions and push subscriptions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow


class Tombstone(Base, HasId, TenantOwned):
    """A deleted record of a synced collection, so a watermark resync can remove it.

    ``scope`` keeps only the fields the visibility rules read (``aId``, ``agId``, ``role``),
    never the deleted record's personal data.
    """

    __tablename__ = "tombstones"
    __table_args__ = (Index("ix_tombstones_tenant_deleted", "tenant_id", "deleted_at"),)

    collection: Mapped[str] = mapped_column(String(40))
    item_id: Mapped[str] = mapped_column(String(32))
    scope: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    deleted_at: Mapped[datetime] = mapped_column(default=utcnow)


class WebPushSubscription(Base, HasId, TenantOwned, Timestamped):
    """A browser's Web Push subscription (the endpoint and its keys) for one user."""

    __tablename__ = "web_push_subscriptions"
    __table_args__ = (UniqueConstraint("tenant_id", "endpoint"),)

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000))
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    user_agent: Mapped[str] = mapped_column(String(300), default="")
