"""Car rental (noleggio auto): an extra product line, entirely in this package.

See README.md beside this file for its data, rules, calls and routes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

from core.api import (
    AuditField,
    AuditPhrase,
    Call,
    CommissionItem,
    DemoContext,
    MigrationSource,
    ProductLine,
    Publication,
    RecordKind,
    WebModule,
    hookimpl,
)
from core.api import audit_kinds as ak
from core.api import models as m
from plugins.noleggio_auto import cars, practice
from plugins.noleggio_auto.cars import PRODUCT_ID
from plugins.noleggio_auto.commissions import rental_commissions
from plugins.noleggio_auto.models import RentalCar
from plugins.noleggio_auto.routes import router

REQUIRES_API = "2.0"
"""The version of :mod:`core.api` this line is written for."""
HERE = Path(__file__).resolve().parent


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    """The line's one declaration of its label, icon and path (its menu entry is built from it)."""
    return [ProductLine(PRODUCT_ID, "Noleggio auto", "car-suv")]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [RentalCar]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource("noleggio_auto", HERE / "migrations")


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    return {
        "noleggioAuto.auto": Call(cars.cars_call, product=PRODUCT_ID),
        "noleggioAuto.salvaAuto": Call(cars.save_car_call, product=PRODUCT_ID),
        "noleggioAuto.quotazione": Call(practice.quotation_call, product=PRODUCT_ID),
    }


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [cars.PUBLICATION]


@hookimpl
def prepare_quote(session: AsyncSession, product: m.Product, payload: Mapping[str, Any]) -> Any:
    return practice.prepare_rental(session, product, payload)


@hookimpl
def emission_request(
    quote: m.Quote, product: m.Product | None, payload: Mapping[str, Any], undo: bool
) -> None:
    practice.check_emission(quote, product, payload, undo)


@hookimpl
async def quote_commissions(session: AsyncSession, quote: m.Quote) -> list[CommissionItem]:
    return await rental_commissions(session, quote)


@hookimpl
def web_module() -> WebModule:
    return WebModule(name="noleggio_auto", product=PRODUCT_ID, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from plugins.noleggio_auto.demo import seed_rentals

    await seed_rentals(ctx)


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    """The rental catalogue's cars in the activity log."""
    return [
        RecordKind(
            table="noleggio_auto_cars", label="Auto a noleggio", noun="l'auto a noleggio",
            created="ha aggiunto al catalogo l'auto",
            name=lambda row, _names: str(row.get("name") or ""),
            fields={
                "name": AuditField("Auto"), "company": AuditField("Società di noleggio"),
                "months": AuditField("Durata (mesi)"), "km_per_year": AuditField("Km all'anno"),
                "monthly_fee": AuditField("Canone mensile", ak.euro),
                "down_payment": AuditField("Anticipo", ak.euro),
                "active": AuditField("Attiva", ak.yes_no),
            },
            phrases=(AuditPhrase("active", "ha tolto dal catalogo l'auto", "cleared"),),
        )
    ]  # fmt: skip
