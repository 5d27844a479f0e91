"""RCA (motor liability) with the plates register, a product line of its own.

See README.md beside this file for its data, rules, calls, routes and stream.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from litestar.types import ControllerRouterHandler
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

from core.api import (
    AuditField,
    AuditPhrase,
    Call,
    DemoContext,
    MenuEntry,
    MigrationSource,
    ProductLine,
    Publication,
    RecordKind,
    WebModule,
    hookimpl,
)
from core.api import audit_kinds as ak
from core.api import models as m
from core.api import permissions as perm
from plugins.rca.calls import CALLS
from plugins.rca.models import Plate, PlateWord
from plugins.rca.payload import PRODUCT_ID
from plugins.rca.policies import follow_policy
from plugins.rca.routes import router
from plugins.rca.stream import PUBLICATION

REQUIRES_API = "2.1"
"""The version of :mod:`core.api` this line is written for."""
HERE = Path(__file__).resolve().parent


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    return [ProductLine(PRODUCT_ID, "RCA e targhe", "car", extra_product=False)]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    return CALLS


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [PUBLICATION]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [Plate, PlateWord]


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
    from plugins.rca.demo import seed_plates
    from plugins.rca.demo_product import seed_rca_product

    await seed_rca_product(ctx)
    await seed_plates(ctx)


@hookimpl
async def policy_issued(session: AsyncSession, policy: m.Policy, quote: m.Quote) -> None:
    """The plate of the quote shows the policy issued from it."""
    await follow_policy(session, policy, quote)


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    """The plates register in the activity log."""
    return [
        RecordKind(
            table="rca_plates", label="Targhe", noun="la targa", created="ha registrato la targa",
            name=lambda row, _names: str(row.get("plate") or ""),
            fields={
                "plate": AuditField("Targa"), "kind": AuditField("Tipo di veicolo"),
                "tipo_bersani": AuditField("Tipo Bersani"),
                "targa_agev": AuditField("Targa agevolata", ak.yes_no),
                "brand": AuditField("Marca"), "model": AuditField("Modello"),
                "registered_on": AuditField("Immatricolazione"),
                "owner_name": AuditField("Proprietario"),
                "owner_code": AuditField("Codice fiscale"),
                "active": AuditField("Nel registro", ak.yes_no),
            },
            phrases=(AuditPhrase("active", "ha ritirato la targa", "cleared"),),
        )
    ]  # fmt: skip
