"""Demands and needs (IVASS Reg. 40/2018, art. 58; CAP art. 119-ter): the tenant's
questionnaires per ramo in versions, and each quote's answers (``core.domain.needs``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned
from core.db.types import JSONType, utcnow


class NeedsQuestionnaire(Base, HasId, TenantOwned):
    """One version of the tenant's questionnaire for a ramo (or ``generale``): every save is
    a new row, so the answers given to an older version still read as they were asked."""

    __tablename__ = "needs_questionnaires"
    __table_args__ = (UniqueConstraint("tenant_id", "kind", "version"),)
    __audited__ = True

    kind: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)
    questions: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{id, text, type, required, options: [{label, coerente}]}]``; empty: the general
    questionnaire applies to this ramo."""
    author_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    at: Mapped[datetime] = mapped_column(default=utcnow)


class NeedsAssessment(Base, HasId, TenantOwned):
    """One set of answers for a quote, by the customer through the link or by the office
    with them. Answers are never changed: new answers are a new row, the latest counts."""

    __tablename__ = "needs_assessments"
    __table_args__ = (Index("ix_needs_assessments_quote_at", "quote_id", "answered_at"),)
    __audited__ = True

    quote_id: Mapped[str] = mapped_column(ForeignKey("quotes.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    questionnaire_version: Mapped[int] = mapped_column(Integer)
    """The version answered (0: the built-in questions)."""
    answers: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{id, question, answer, coerente}]``, in the questionnaire's order, as asked."""
    mismatches: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{question, answer}]``: the answers the product does not fit."""
    channel: Mapped[str] = mapped_column(String(20))
    """``link`` (the customer, on the quote's link) or ``ufficio`` (the office with them)."""
    answered_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    address: Mapped[str | None] = mapped_column(String(64))
    answered_at: Mapped[datetime] = mapped_column(default=utcnow)
