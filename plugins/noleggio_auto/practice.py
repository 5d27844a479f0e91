"""A rental practice: what a new rental quote takes from the catalogue, the quotation admins
set, the consultancy an emission request carries, and what the practice earns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    CallContext,
    ClientError,
    Principal,
    decimal_or_none,
    line_quote,
    logged_in,
    parse,
    require,
)
from core.api import models as m
from core.api import permissions as perm
from plugins.noleggio_auto.cars import PRODUCT_ID, Euro, KmPerYear, Months, Offer
from plugins.noleggio_auto.models import RentalCar
from plugins.noleggio_auto.pricing import (
    Earnings,
    consultancy_bounds,
    consultancy_rate,
    earnings,
)

BASE_KEYS = frozenset({"pId", "aId", "usrData"})
INVALID_RENTAL = "Dati del noleggio non validi"
INVALID_QUOTATION = "Quotazione non valida"
CAR_UNAVAILABLE = "Auto non disponibile a catalogo"
NOT_QUOTED = "Il preventivo non è ancora quotato: manca il canone"
NO_BOUNDS = "Limiti di consulenza non configurati per la compagnia {company}"
OUT_OF_RANGE = "Consulenza fuori dai limiti della compagnia ({low}% – {high}%)"
EMISSION_REQUESTED = "Emissione già richiesta: la quotazione non è più modificabile"


class NewRental(BaseModel):
    """The extras of ``createQuote`` for a rental product; unset terms come from the car."""

    model_config = ConfigDict(extra="forbid")
    carId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    durata: Months | None = None
    km_annuali: KmPerYear | None = None
    anticipo: Euro | None = None


class Quotation(BaseModel):
    """``noleggioAuto.quotazione``: the price an admin or responsabile gives a practice."""

    model_config = ConfigDict(extra="forbid")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    price: Offer


async def prepare_rental(
    session: AsyncSession, product: m.Product, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """The car and price of a new rental quote. The list fee holds only for the list terms:
    other months or km leave the fee to be quoted ('In attesa di quotazione')."""
    extras = {key: value for key, value in payload.items() if key not in BASE_KEYS}
    body = parse(NewRental, extras, INVALID_RENTAL)
    car = await session.get(RentalCar, body.carId)
    if car is None or not car.active:
        raise ClientError(CAR_UNAVAILABLE)
    months = body.durata or car.months
    km = car.km_per_year if body.km_annuali is None else body.km_annuali
    list_terms = (months, km) == (car.months, car.km_per_year)
    down = car.down_payment if body.anticipo is None else body.anticipo
    return {
        "car": car_snapshot(car),
        "price": {
            "durata": months,
            "km_annuali": km,
            "canone": float(car.monthly_fee) if list_terms else None,
            "anticipo": float(down),
        },
    }


def car_snapshot(car: RentalCar) -> dict[str, Any]:
    """What a practice keeps of its car (the catalogue may change later)."""
    return {
        "carId": car.id,
        "car_fullname": car.name,
        "img_file": car.image,
        "company": car.company,
    }


def check_emission(
    quote: m.Quote, product: m.Product | None, payload: Mapping[str, Any], undo: bool
) -> None:
    """A rental emission needs a fee and a consultancy within the company's qMin..qMax
    (the midpoint when none is given); it is kept as ``quote.qFattura``."""
    if undo:
        return
    if not decimal_or_none((quote.price or {}).get("canone")):
        raise ClientError(NOT_QUOTED)
    company = (quote.car or {}).get("company")
    bounds = consultancy_bounds(product.companies if product else {}, company)
    if bounds is None:
        raise ClientError(NO_BOUNDS.format(company=company or "—"))
    chosen = payload.get("quote")
    rate = bounds.midpoint if chosen is None else decimal_or_none(chosen)
    if rate is None or not bounds.admits(rate):
        raise ClientError(OUT_OF_RANGE.format(low=f"{bounds.low:g}", high=f"{bounds.high:g}"))
    quote.quote = {**(quote.quote or {}), "qFattura": float(rate)}


async def visible_rental(
    session: AsyncSession, principal: Principal, quote_id: str, *, lock: bool = False
) -> m.Quote:
    """A rental quote of the principal's agent tree, or :class:`NotFound`; with ``lock`` held
    until the transaction ends (it is about to change)."""
    return await line_quote(session, principal, PRODUCT_ID, quote_id, lock=lock)


async def quotation_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``noleggioAuto.quotazione {pId, price}`` (admin, responsabile) → ``{price}``."""
    principal = logged_in(ctx)
    require(perm.can_edit, principal)
    body = parse(Quotation, data, INVALID_QUOTATION)
    quote = await visible_rental(ctx.session, principal, body.pId, lock=True)
    if quote.emission_requested_at is not None:
        raise ClientError(EMISSION_REQUESTED)
    offer = body.price
    quote.price = {
        "durata": offer.durata,
        "km_annuali": offer.km_annuali,
        "canone": float(offer.canone),
        "anticipo": float(offer.anticipo),
    }
    await ctx.session.flush()
    return {"price": quote.price}


async def practice_earnings(session: AsyncSession, quote: m.Quote) -> Earnings | None:
    """What the practice earns at its consultancy (asked or default), once it has a fee."""
    price, product_id = quote.price or {}, quote.product_id
    canone, months = decimal_or_none(price.get("canone")), price.get("durata")
    product = await session.get(m.Product, product_id) if product_id else None
    agent = await session.get(m.User, quote.agent_id) if quote.agent_id else None
    bounds = consultancy_bounds(
        product.companies if product else {}, (quote.car or {}).get("company")
    )
    asked = decimal_or_none((quote.quote or {}).get("qFattura"))
    q_fattura = asked if asked is not None else (bounds.midpoint if bounds else None)
    if canone is None or q_fattura is None or not isinstance(months, int) or agent is None:
        return None
    rate = consultancy_rate(agent.provv or {}, product_id, PRODUCT_ID)
    return earnings(q_fattura, canone, rate, months)
