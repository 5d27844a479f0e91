"""The rental catalogue: the cars a tenant offers, each with its list offer."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import Boolean, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from core.api import Base, HasId, TenantOwned, Timestamped


class RentalCar(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "noleggio_auto_cars"
    __audited__ = True

    name: Mapped[str] = mapped_column(String(200))
    """The car's full name (``car_fullname``), e.g. 'Fiat 500 Hybrid Dolcevita'."""
    brand: Mapped[str] = mapped_column(String(80), default="")
    model: Mapped[str] = mapped_column(String(120), default="")
    image: Mapped[str] = mapped_column(String(500), default="")
    """``img_file``: an absolute path or https URL of the picture."""
    company: Mapped[str] = mapped_column(String(100))
    """The rental company offering it; a company of the rental product (qMin/qMax)."""
    months: Mapped[int] = mapped_column(Integer)
    km_per_year: Mapped[int] = mapped_column(Integer)
    monthly_fee: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    down_payment: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0))
    active: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
