"""The plates register: each vehicle the tenant's agents insure or may insure, by plate, with
its owner (a client of the agent's tree), and the words its search looks up."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.api import Base, HasId, InAgentTree, StoredPayload, TenantOwned, Timestamped


class Plate(Base, HasId, TenantOwned, InAgentTree, Timestamped, StoredPayload):
    """A plate of the register. A retired plate keeps its row (``active`` false, ``retired_at``
    set): it leaves every list and the stream, and adding it again brings it back. Its
    stream payload is stored encoded at every write (:class:`~core.api.StoredPayload`), so
    a dealer's cold sync sends stored text."""

    __tablename__ = "rca_plates"
    __table_args__ = (
        UniqueConstraint("tenant_id", "plate"),
        Index("ix_rca_plates_tenant_agent_plate", "tenant_id", "agent_id", "plate"),
        Index("ix_rca_plates_tenant_parent_plate", "tenant_id", "parent_agent_id", "plate"),
    )
    __audited__ = True

    plate: Mapped[str] = mapped_column(String(16))
    """Normalised (``rules.plates.normalise``): upper case, no spaces or hyphens."""
    kind: Mapped[str] = mapped_column(
        String(16), default="autovettura", server_default="autovettura"
    )
    """A :class:`~plugins.rca.rules.plates.VehicleKind` value."""
    tipo_bersani: Mapped[str | None] = mapped_column(String(20))
    targa_agev: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    brand: Mapped[str] = mapped_column(String(80), default="", server_default="")
    model: Mapped[str] = mapped_column(String(120), default="", server_default="")
    registered_new: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    registered_on: Mapped[date | None] = mapped_column(Date)
    owner_name: Mapped[str] = mapped_column(String(200), default="", server_default="")
    """The owner's name, copied from the client when the plate is written (search, lists)."""
    owner_code: Mapped[str] = mapped_column(String(16), default="", server_default="")
    """The owner's Codice Fiscale / Partita IVA, copied likewise."""
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    """False once retired: a field of the record's scope, so the stream's subscribers drop
    the plate live and at their next resync (a tombstone)."""
    retired_at: Mapped[datetime | None] = mapped_column()
    policy_id: Mapped[str | None] = mapped_column(String(32))
    policy_number: Mapped[str | None] = mapped_column(String(64))
    company: Mapped[str | None] = mapped_column(String(100))
    expiry: Mapped[date | None] = mapped_column(Date)
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="SET NULL"), index=True
    )
    """The last quote started from the plate."""


class PlateWord(Base, TenantOwned):
    """A search key of an active plate: the plate itself, the owner's fiscal code and each
    word of the owner's name (upper case, accents and punctuation dropped), with what the
    search sorts and filters by — the plate and its agent tree — copied beside it, so that a
    search reads one narrow index and touches the plates only for the rows it answers."""

    __tablename__ = "rca_plate_words"
    __table_args__ = (
        Index(
            "ix_rca_plate_words_search", "tenant_id", "word", "plate", "agent_id",
            "parent_agent_id", "plate_id",
        ),
    )  # fmt: skip

    plate_id: Mapped[str] = mapped_column(
        ForeignKey("rca_plates.id", ondelete="CASCADE"), primary_key=True
    )
    word: Mapped[str] = mapped_column(String(40), primary_key=True)
    plate: Mapped[str] = mapped_column(String(16))
    agent_id: Mapped[str | None] = mapped_column(String(32))
    parent_agent_id: Mapped[str | None] = mapped_column(String(32))
