"""The line's own table: the quarterly usury table (TEGM per category and amount band) each
tenant keeps, from which a practice's threshold is read."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import Date, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from core.api import Base, HasId, TenantOwned, Timestamped


class UsuryRate(Base, HasId, TenantOwned, Timestamped):
    """One line of a quarterly TEGM decree: a category, an amount band, its average rate."""

    __tablename__ = "prestiti_tegm"
    __audited__ = True

    category: Mapped[str] = mapped_column(String(100), index=True)
    """The decree's category text (:class:`plugins.prestiti.money.usury.Category`)."""
    tegm: Mapped[Decimal] = mapped_column(Numeric(6, 2))
    """The average rate, in %."""
    above: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    """The band holds amounts above this (0: from the first euro)."""
    up_to: Mapped[Decimal | None] = mapped_column(Numeric(12, 2), nullable=True)
    """… up to this, included; none: unbounded."""
    valid_from: Mapped[date] = mapped_column(Date)
    valid_to: Mapped[date] = mapped_column(Date, index=True)
