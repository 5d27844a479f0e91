"""Rental records read and changed straight in the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.api import models as m
from core.api import tenant_scope
from core.testing import Runtime
from plugins.noleggio_auto.cars import PRODUCT_ID
from plugins.noleggio_auto.models import RentalCar

VALID_CF = "RSSMRA80A01H501U"
CUSTOMER = [{"_id": "nome", "value": "Mario Rossi"}, {"_id": "cf", "value": VALID_CF}]


async def rental_product(runtime: Runtime, tenant: str) -> m.Product:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Product).where(m.Product.line == PRODUCT_ID))
            return found.scalars().one()


async def car_named(runtime: Runtime, tenant: str, name: str) -> RentalCar:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(RentalCar).where(RentalCar.name == name))
            return found.scalars().one()


async def rentals(runtime: Runtime, tenant: str) -> list[m.Quote]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Quote).where(m.Quote.type == PRODUCT_ID))
            return list(found.scalars())


async def load(runtime: Runtime, tenant: str, model: type[Any], record_id: str) -> Any:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return await session.get(model, record_id)
