"""Demo data where the tenant offers car rental: a rental product, a catalogue, practices."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from core.api import DemoContext, new_demo_product, utcnow
from core.api import models as m
from plugins.noleggio_auto.cars import PRODUCT_ID, car_payload
from plugins.noleggio_auto.models import RentalCar
from plugins.noleggio_auto.practice import car_snapshot

PICTURES = "/plugins/noleggio_auto/cars"
COMPANIES = {
    "Leasys": {"provv": 3, "istruttoria": 0, "qMin": 1, "qMax": 5},
    "Arval": {"provv": 4, "istruttoria": 0, "qMin": 2, "qMax": 6},
}
FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "required": True},
    {"_id": "cf", "name": "Codice fiscale / Partita IVA", "type": "cf", "required": True},
    {"_id": "email", "name": "Email", "type": "text"},
    {"_id": "telefono", "name": "Telefono", "type": "text"},
]
# name, brand, model, picture, company, months, km a year, monthly fee, down payment
CATALOGUE = (
    ("Fiat 500 Hybrid", "Fiat", "500", "city", "Leasys", 36, 15000, "289", "2500"),
    ("Jeep Compass 4xe", "Jeep", "Compass", "suv", "Leasys", 48, 20000, "549", "5000"),
    ("Volkswagen Golf 1.5 eTSI", "Volkswagen", "Golf", "compact", "Arval", 36, 25000, "419",
     "3500"),
    ("Toyota Yaris Cross Hybrid", "Toyota", "Yaris Cross", "suv", "Arval", 48, 15000, "379",
     "3000"),
    ("Peugeot 208 PureTech", "Peugeot", "208", "compact", "Leasys", 36, 10000, "259", "2000"),
)  # fmt: skip
# customer, car index, status, days ago, consultancy asked (emission requested) or None
PRACTICES = (
    ("Luca Bianchi", "BNCLCU80A01H501Q", 0, "In attesa di quotazione", 0, None),
    ("Luca Bianchi", "BNCLCU80A01H501Q", 1, "Preventivato", 3, None),
    ("Luca Bianchi", "BNCLCU80A01H501Q", 2, "Preventivato", 6, 4),
)
CONSULTANCY_SHARE = 50
"""The demo agents' provvConsulenza on rentals, in % of the consultancy."""


async def seed_rentals(ctx: DemoContext) -> None:
    product = await new_demo_product(
        ctx, PRODUCT_ID, name="Noleggio a lungo termine", icon="car-suv", companies=COMPANIES
    )
    if product is None:
        return
    product.fields = FIELDS
    product.description = "Noleggio a lungo termine con servizi inclusi, per privati e aziende."
    cars = [_car(*row) for row in CATALOGUE]
    ctx.session.add_all(cars)
    await ctx.session.flush()
    agent = ctx.accounts["agente"]
    for name, fiscal_code, index, status, days, asked in PRACTICES:
        car = cars[index]
        quote = m.Quote(
            type=PRODUCT_ID,
            product_id=product.id,
            agent_id=agent,
            status="Emissione richiesta" if asked else status,
            at=utcnow() - timedelta(days=days),
            usr_data=[
                {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": name},
                {
                    "_id": "cf",
                    "name": "Codice fiscale / Partita IVA",
                    "type": "cf",
                    "value": fiscal_code,
                },
            ],
            car=car_snapshot(car),
            price=car_payload(car)["price"],
            quote={"qFattura": asked, "statusBefore": status} if asked else {},
        )
        if asked:
            quote.emission_requested_at, quote.emission_requested_by = utcnow(), agent
        ctx.session.add(quote)
    await _give_consultancy_share(ctx)


def _car(
    name: str, brand: str, model: str, picture: str, company: str,
    months: int, km: int, fee: str, down: str,
) -> RentalCar:  # fmt: skip
    return RentalCar(
        name=name, brand=brand, model=model, image=f"{PICTURES}/{picture}.svg", company=company,
        months=months, km_per_year=km, monthly_fee=Decimal(fee), down_payment=Decimal(down),
    )  # fmt: skip


async def _give_consultancy_share(ctx: DemoContext) -> None:
    for key in ("agente", "subagente"):
        user = await ctx.session.get(m.User, ctx.accounts[key])
        if user is not None:
            line = {**(user.provv or {}).get(PRODUCT_ID, {}), "provvConsulenza": CONSULTANCY_SHARE}
            user.provv = {**(user.provv or {}), PRODUCT_ID: line}
