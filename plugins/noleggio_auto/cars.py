"""The catalogue: its wire shape, the calls that read and change it, and its live channel."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import ColumnElement, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    CallContext,
    ClientError,
    NotFound,
    NumberOnly,
    Principal,
    Publication,
    StrictBool,
    logged_in,
    parse,
    require,
    rows_loader,
)
from core.api import models as m
from core.api import permissions as perm
from plugins.noleggio_auto.models import RentalCar

PRODUCT_ID = "noleggio-auto"
CHANNEL = f"{PRODUCT_ID}/auto"
INVALID_CAR = "Dati dell'auto non validi"
CAR_NOT_FOUND = "Auto non trovata"
UNKNOWN_COMPANY = "Compagnia non prevista dal prodotto di noleggio: {company}"

Euro = Annotated[Decimal, NumberOnly, Field(ge=0, le=1_000_000, max_digits=9, decimal_places=2)]
"""An amount in euro: not negative, two decimals at most (SPEC §5 'Currency input')."""
Months = Annotated[int, Field(strict=True, ge=1, le=120)]
KmPerYear = Annotated[int, Field(strict=True, ge=0, le=500_000)]
Picture = Annotated[str, Field(max_length=500, pattern=r"^(|/[^\s]*|https://[^\s]+)$")]
"""A picture on this site (``/…``) or an https URL; never ``javascript:`` and the like."""


class Offer(BaseModel):
    """A rental offer: months, km a year, monthly fee and down payment."""

    model_config = ConfigDict(extra="forbid")
    durata: Months
    km_annuali: KmPerYear
    canone: Euro
    anticipo: Euro = Decimal(0)


class CarBody(BaseModel):
    """``noleggioAuto.salvaAuto``: a new car (no ``_id``) or the changes to one."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, str_strip_whitespace=True)
    id: str | None = Field(default=None, alias="_id", min_length=1, max_length=32)
    car_fullname: str = Field(min_length=1, max_length=200)
    brand: str = Field(default="", max_length=80)
    model: str = Field(default="", max_length=120)
    img_file: Picture = ""
    company: str = Field(min_length=1, max_length=100)
    price: Offer
    active: StrictBool = True


def car_payload(car: RentalCar) -> dict[str, Any]:
    return {
        "_id": car.id,
        "car_fullname": car.name,
        "brand": car.brand,
        "model": car.model,
        "img_file": car.image,
        "company": car.company,
        "price": {
            "durata": car.months,
            "km_annuali": car.km_per_year,
            "canone": float(car.monthly_fee),
            "anticipo": float(car.down_payment),
        },
        "active": car.active,
    }


def car_visible(principal: Principal, car: Mapping[str, Any]) -> bool:
    """Admins and responsabili see every car; the others the active ones (as
    ``noleggioAuto.auto`` answers). A car being retired leaves the others' lists: the channel
    sends them its deletion."""
    return perm.can_edit(principal) or bool(car.get("active", True))


def cars_in_view(principal: Principal) -> ColumnElement[bool]:
    """:func:`car_visible` in SQL: the rows the stream syncs for ``principal``."""
    return true() if perm.can_edit(principal) else RentalCar.active.is_(True)


async def rental_companies(session: AsyncSession) -> set[str]:
    """Companies named by the tenant's rental products."""
    rows = await session.execute(select(m.Product.companies).where(m.Product.line == PRODUCT_ID))
    return {name for companies in rows.scalars() for name in (companies or {})}


async def list_cars(session: AsyncSession, principal: Principal) -> list[dict[str, Any]]:
    stmt = select(RentalCar).order_by(RentalCar.brand, RentalCar.name)
    if not perm.can_edit(principal):
        stmt = stmt.where(RentalCar.active.is_(True))
    return [car_payload(car) for car in (await session.execute(stmt)).scalars()]


async def cars_call(ctx: CallContext, _data: Any) -> dict[str, Any]:
    """``noleggioAuto.auto`` → ``{cars}``."""
    return {"cars": await list_cars(ctx.session, logged_in(ctx))}


async def save_car_call(ctx: CallContext, data: Any) -> dict[str, str]:
    """``noleggioAuto.salvaAuto`` (admin, responsabile) → ``{_id}``."""
    require(perm.can_edit, logged_in(ctx))
    body = parse(CarBody, data, INVALID_CAR)
    if body.company not in await rental_companies(ctx.session):
        raise ClientError(UNKNOWN_COMPANY.format(company=body.company))
    if body.id is None:
        car = RentalCar()
        ctx.session.add(car)
    else:
        found = await ctx.session.get(RentalCar, body.id)
        if found is None:
            raise NotFound(CAR_NOT_FOUND)
        car = found
    car.name, car.brand, car.model = body.car_fullname, body.brand, body.model
    car.image, car.company, car.active = body.img_file, body.company, body.active
    car.months, car.km_per_year = body.price.durata, body.price.km_annuali
    car.monthly_fee, car.down_payment = body.price.canone, body.price.anticipo
    await ctx.session.flush()
    return {"_id": car.id}


PUBLICATION = Publication(
    CHANNEL, perm.sees_work, car_visible, RentalCar, "p", car_payload, product=PRODUCT_ID,
    sync=rows_loader(RentalCar, car_payload, cars_in_view),
)  # fmt: skip
"""The catalogue as a synced stream: the shell syncs it, keeps it live and resyncs it like
the quotes, and the screens read it with ``useCollection('noleggio-auto/auto')``."""
