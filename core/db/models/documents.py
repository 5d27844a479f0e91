"""Documents: uploaded files attached to a quote, a policy, a user or the document area."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow

OWNER_KINDS = ("preventivo", "polizza", "sinistro", "utente", "area")


class Document(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "documents"
    __table_args__ = (Index("ix_documents_owner", "tenant_id", "owner_kind", "owner_id"),)
    __audited__ = True

    owner_kind: Mapped[str] = mapped_column(String(20))
    owner_id: Mapped[str | None] = mapped_column(String(32))
    doc_type: Mapped[str] = mapped_column(String(100), default="")
    """The ``allegati`` key the file belongs to."""
    name: Mapped[str] = mapped_column(String(255))
    uri: Mapped[str] = mapped_column(String(500), unique=True)
    storage_key: Mapped[str] = mapped_column(String(500))
    file_type: Mapped[str] = mapped_column(String(100), default="application/octet-stream")
    size: Mapped[int] = mapped_column(BigInteger, default=0)
    thumb: Mapped[str | None] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    uploaded_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    instalment_number: Mapped[int | None] = mapped_column(Integer)
    selected: Mapped[bool] = mapped_column(Boolean, default=False)
    roles: Mapped[list[str]] = mapped_column(JSONType, default=list, server_default=text("'[]'"))
    """Document area only: the folder's roles it is visible to (empty: everyone)."""
