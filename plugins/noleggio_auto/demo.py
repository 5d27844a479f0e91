"""Demo rental quotes for tenants that offer car rental."""

from __future__ import annotations

from datetime import timedelta

from core.db import models as m
from core.db.types import utcnow
from core.demo.kit import new_demo_product
from core.extensions import DemoContext

PRODUCT_ID = "noleggio-auto"
CARS = (
    ("Fiat 500 Hybrid", 289, 36, 15000, 2500),
    ("Jeep Compass 4xe", 549, 48, 20000, 5000),
    ("Volkswagen Golf 1.5 eTSI", 419, 36, 25000, 3500),
)


async def seed_rentals(ctx: DemoContext) -> None:
    product = await new_demo_product(
        ctx, PRODUCT_ID, name="Noleggio a lungo termine", icon="car-suv",
        companies={"Leasys": {"provv": 3, "istruttoria": 0, "qMin": 1, "qMax": 5}},
    )  # fmt: skip
    if product is None:
        return
    agent = ctx.accounts["agente"]
    for index, (name, canone, months, km, anticipo) in enumerate(CARS):
        ctx.session.add(
            m.Quote(
                type=PRODUCT_ID,
                product_id=product.id,
                agent_id=agent,
                status="Preventivato" if index else "In attesa di quotazione",
                at=utcnow() - timedelta(days=3 * index),
                usr_data=[{"_id": "nome", "name": "Nome", "type": "text", "value": "Luca Bianchi"}],
                car={"car_fullname": name, "img_file": ""},
                price={"durata": months, "km_annuali": km, "canone": canone, "anticipo": anticipo},
                quote={"qFattura": 3},
            )
        )
