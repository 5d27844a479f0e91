"""Claims (sinistri): an event a policy's insured reports, followed until the company closes
it (``core.domain.claims``)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, ForeignKey, Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow


class Claim(Base, HasId, TenantOwned, InAgentTree, Timestamped):
    """A claim on a policy; the agent tree and the customer are the policy's, copied when it
    opens (the ``sinistri`` stream and the list follow the agent-tree rule)."""

    __tablename__ = "claims"
    __audited__ = True

    policy_id: Mapped[str] = mapped_column(
        ForeignKey("policies.id", ondelete="CASCADE"), index=True
    )
    policy_number: Mapped[str | None] = mapped_column(String(100))
    company: Mapped[str | None] = mapped_column(String(100), index=True)
    customer: Mapped[str] = mapped_column(String(200), default="")
    """The policy's customer name when the claim opened (the list shows and searches it)."""
    event_date: Mapped[date] = mapped_column(Date, index=True)
    known_on: Mapped[date] = mapped_column(Date)
    """When the insured learned of the event (art. 1913 c.c.: the report runs from then)."""
    third_party_claim_on: Mapped[date | None] = mapped_column(Date)
    """Liability: when the injured party asked the insured for damages (art. 2952 c. 3)."""
    place: Mapped[str] = mapped_column(String(200), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    counterparties: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{name, plate, vehicle, company}]``: the other parties and their vehicles."""
    responsibility: Mapped[str | None] = mapped_column(String(20))
    """``principale``, ``paritaria`` or ``nessuna`` (the motor line's bonus-malus reads it)."""
    company_claim_number: Mapped[str | None] = mapped_column(String(100))
    reported_on: Mapped[date | None] = mapped_column(Date)
    """When the claim was reported to the company (art. 1913 c.c.)."""
    reserve: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The company's reserve (riserva) on the claim."""
    paid: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """What the company has paid (liquidato) so far."""
    status: Mapped[str] = mapped_column(String(20), default="aperto", index=True)
    history: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{status, at, by}]``, oldest first: every status the claim has had."""
    opened_by: Mapped[str] = mapped_column(String(20), default="agente")
    """Who opened it: ``agente``, ``ufficio`` or ``cliente`` (through the customer's link)."""
    opened_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    alerts_sent: Mapped[list[str]] = mapped_column(JSONType, default=list)
    """The deadline alerts already pushed (``report``, ``limitation``): each goes once."""
    allegati: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """``{docType: {name, files: [document ids]}}``: photos, the accident form, estimates."""
