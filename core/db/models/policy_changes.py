"""Policy changes: endorsements (appendici) and cancellations (annullamenti) of a policy
(``core.domain.policy_changes``)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, ForeignKey, Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.types import JSONType


class PolicyChange(Base, HasId, TenantOwned, InAgentTree, Timestamped):
    """One change of a policy, with the premium it moved (signed: negative when money goes
    back to the customer); the agent tree and the customer are the policy's, copied when the
    change is made (the ``appendici`` stream follows the agent-tree rule)."""

    __tablename__ = "policy_changes"
    __audited__ = True

    policy_id: Mapped[str] = mapped_column(
        ForeignKey("policies.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(20))
    """``appendice`` (an endorsement) or ``annullamento`` (a cancellation)."""
    subtype: Mapped[str | None] = mapped_column(String(20))
    """An endorsement's subject (``veicolo``, ``conducente``, ``indirizzo``, ``garanzie``);
    a cancellation's reason (``vendita``, ``demolizione``, ``furto``, ``recesso``,
    ``sostituzione``, ``altro``)."""
    effective_on: Mapped[date] = mapped_column(Date, index=True)
    description: Mapped[str] = mapped_column(Text, default="")
    details: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """What changed and how the amounts were reached: old/new plate, annual premium before
    and after, days counted, the instalments refunded."""
    total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    net: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    tax: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    commission: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    agent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    parent_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    referrer_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    instalment_id: Mapped[str | None] = mapped_column(String(32))
    """The receipt row (``policy_instalments``) the change added, if any."""
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
