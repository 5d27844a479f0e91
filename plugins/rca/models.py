"""Plates (targhe) known to the tenant, with the Bersani class and Agev plate."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.api import Base, HasId, TenantOwned, Timestamped


class Plate(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "rca_plates"
    __table_args__ = (UniqueConstraint("tenant_id", "plate"),)
    __audited__ = True

    plate: Mapped[str] = mapped_column(String(16))
    tipo_bersani: Mapped[str | None] = mapped_column(String(20))
    targa_agev: Mapped[str | None] = mapped_column(String(16))
    client_id: Mapped[str | None] = mapped_column(
        ForeignKey("clients.id", ondelete="SET NULL"), index=True
    )
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="SET NULL"), index=True
    )
