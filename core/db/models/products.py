"""Products: what an agent can quote, with its customer fields and company terms."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType


class Product(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "products"
    __audited__ = True

    line: Mapped[str | None] = mapped_column(String(64), index=True)
    """Product line id (``noleggio-auto``…) or ``None`` for a plain insurance product."""
    name: Mapped[str] = mapped_column(String(200))
    icon: Mapped[str] = mapped_column(String(64), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    fields: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    """Customer fields (SPEC §3 'Customer field types')."""
    companies: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    """Company → config ``{provv, istruttoria, qMin, qMax}``."""
    ramo: Mapped[str | None] = mapped_column(String(32))
    """The ramo an offer's premium line defaults to (``core.domain.taxes.rami``)."""
    active: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
