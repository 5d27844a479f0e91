"""RCA (motor liability) with the plates register, a product line of its own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler
from sqlalchemy import select
from sqlalchemy.orm import DeclarativeBase

from core.api import (
    AuditField,
    DemoContext,
    MenuEntry,
    MigrationSource,
    PrincipalDep,
    ProductLine,
    RecordKind,
    SessionDep,
    WebModule,
    hookimpl,
    product_router,
    require,
)
from core.api import permissions as perm
from plugins.rca.models import Plate

REQUIRES_API = "2.0"
"""The version of :mod:`core.api` this line is written for."""
PRODUCT_ID = "rca"
HERE = Path(__file__).resolve().parent


@get("/", summary="Plates register", tags=["rca"])
async def list_plates(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    require(perm.sees_plates, principal)
    rows = await db_session.execute(select(Plate).order_by(Plate.plate).limit(1000))
    return [
        {"_id": p.id, "targa": p.plate, "tipoBersani": p.tipo_bersani, "targaAgev": p.targa_agev}
        for p in rows.scalars()
    ]


router = product_router(PRODUCT_ID, [list_plates], path="/api/targhe")


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    return [ProductLine(PRODUCT_ID, "RCA e targhe", "car", extra_product=False)]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [Plate]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource(PRODUCT_ID, HERE / "migrations")


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "targhe", "/targhe", "menu:targhe", "license", 140, perm.sees_plates,
            requires_product=PRODUCT_ID,
        )
    ]  # fmt: skip


@hookimpl
def web_module() -> WebModule:
    return WebModule(name=PRODUCT_ID, product=PRODUCT_ID, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from plugins.rca.demo_product import seed_rca_product

    await seed_rca_product(ctx)
    if PRODUCT_ID not in ctx.tenant.products:
        return
    existing = await ctx.session.execute(select(Plate.id).limit(1))
    if existing.first() is not None:
        return
    for plate, bersani in (("AB123CD", "auto"), ("EF456GH", "auto"), ("XY12345", "moto")):
        ctx.session.add(Plate(plate=plate, tipo_bersani=bersani))


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    """The plates register in the activity log."""
    return [
        RecordKind(
            table="rca_plates", label="Targhe", noun="la targa", created="ha registrato la targa",
            name=lambda row, _names: str(row.get("plate") or ""),
            fields={
                "plate": AuditField("Targa"), "tipo_bersani": AuditField("Tipo Bersani"),
                "targa_agev": AuditField("Targa agevolata"),
            },
        )
    ]  # fmt: skip
