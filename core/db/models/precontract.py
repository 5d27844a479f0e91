"""Pre-contract documents (IVASS Reg. 40/2018, artt. 56, 58, 59): the annexes made for a quote,
the company's product documents, and the customer's confirmation of receipt
(``core.domain.precontract``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow


class ProductDocument(Base, HasId, TenantOwned, Timestamped):
    """A company's document of a product (DIP, DIP aggiuntivo, conditions), a PDF. A new
    upload of the same kind replaces the old one for new sets; the old row stays, as a
    delivered set may name it."""

    __tablename__ = "product_documents"
    __table_args__ = (Index("ix_product_documents_product_kind", "product_id", "kind"),)
    __audited__ = True

    product_id: Mapped[str] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    """``dip``, ``dip_aggiuntivo`` or ``condizioni``."""
    name: Mapped[str] = mapped_column(String(255))
    storage_key: Mapped[str] = mapped_column(String(500))
    sha256: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(BigInteger, default=0)
    current: Mapped[bool] = mapped_column(default=True)
    """The one of its kind new sets take (an older upload keeps ``False``)."""
    uploaded_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class PrecontractSet(Base, HasId, TenantOwned, Timestamped):
    """One version of a quote's pre-contract documents, and what became of it: made from the
    quote as it stood (``fingerprint``), then confirmed by the customer with a one-time code
    or overridden by an admin. A delivered version is never changed: a changed quote gets a
    new version."""

    __tablename__ = "precontract_sets"
    __table_args__ = (UniqueConstraint("quote_id", "version"),)
    __audited__ = True

    quote_id: Mapped[str] = mapped_column(ForeignKey("quotes.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    fingerprint: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the facts the annexes were made from and the product documents' hashes."""
    documents: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """``[{kind, title, name, sha256, size, key}]``: each file of the set, in order."""
    made_at: Mapped[datetime] = mapped_column(default=utcnow)
    made_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    email: Mapped[str | None] = mapped_column(String(254))
    """Where the one-time code goes: the quote's customer e-mail when the code was asked."""
    code_hash: Mapped[str | None] = mapped_column(String(64))
    """HMAC-SHA-256 of the pending code (never the code itself)."""
    code_sent_at: Mapped[datetime | None] = mapped_column()
    code_expires_at: Mapped[datetime | None] = mapped_column()
    code_attempts: Mapped[int] = mapped_column(Integer, default=0)
    codes_sent: Mapped[int] = mapped_column(Integer, default=0)
    confirmed_at: Mapped[datetime | None] = mapped_column(index=True)
    confirmed_address: Mapped[str | None] = mapped_column(String(64))
    confirmed_channel: Mapped[str | None] = mapped_column(String(20))
    """How the code travelled: ``email``."""
    confirmed_hashes: Mapped[list[str]] = mapped_column(JSONType, default=list)
    """The documents' hashes the customer confirmed, as shown to them."""
    override_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    override_at: Mapped[datetime | None] = mapped_column()
    override_reason: Mapped[str | None] = mapped_column(String(500))
