"""Loans (prestiti / finanziamenti): an extra product line, entirely in this package.

See README.md beside this file for its data, rules (with their sources), calls and routes.
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
    Call,
    CommissionItem,
    DemoContext,
    Host,
    MigrationSource,
    ProductLine,
    Publication,
    RecordKind,
    WebModule,
    hookimpl,
)
from core.api import models as m
from plugins.prestiti import practice, repayment, tegm
from plugins.prestiti.commissions import loan_commissions
from plugins.prestiti.models import UsuryRate
from plugins.prestiti.routes import router
from plugins.prestiti.secci import store_secci
from plugins.prestiti.tegm import PRODUCT_ID

REQUIRES_API = "2.0"
"""The version of :mod:`core.api` this line is written for."""
HERE = Path(__file__).resolve().parent


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    """The line's one declaration of its label, icon and path (its menu entry is built from it)."""
    return [ProductLine(PRODUCT_ID, "Prestiti", "cash-banknote", menu_order=210)]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [UsuryRate]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource("prestiti", HERE / "migrations")


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    return {
        "prestiti.quotazione": Call(practice.quotation_call, product=PRODUCT_ID),
        "prestiti.salvaTegm": Call(tegm.save_row_call, product=PRODUCT_ID),
        "prestiti.eliminaTegm": Call(tegm.delete_row_call, product=PRODUCT_ID),
        "prestiti.estinzione": Call(repayment.early_repayment_call, product=PRODUCT_ID),
    }


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [tegm.PUBLICATION]


@hookimpl
def prepare_quote(session: AsyncSession, product: m.Product, payload: Mapping[str, Any]) -> Any:
    return practice.prepare_loan(session, product, payload)


@hookimpl
async def emission_request(
    session: AsyncSession,
    quote: m.Quote,
    product: m.Product | None,
    payload: Mapping[str, Any],
    undo: bool,
    host: Host,
) -> None:
    practice.check_emission(quote, product, payload, undo)
    if not undo:  # the sheet with the consultancy asked: what the customer signs on
        await store_secci(host, session, quote)


@hookimpl
async def quote_commissions(session: AsyncSession, quote: m.Quote) -> list[CommissionItem]:
    return await loan_commissions(session, quote)


@hookimpl
def web_module() -> WebModule:
    return WebModule(name=PRODUCT_ID, product=PRODUCT_ID, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from plugins.prestiti.demo import seed_loans

    await seed_loans(ctx)


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    """The usury table's lines in the activity log."""
    return [
        RecordKind(
            table="prestiti_tegm", label="Tasso d'usura", noun="la riga dei tassi d'usura",
            created="ha aggiunto alla tabella dei tassi d'usura la riga",
            name=lambda row, _names: str(row.get("category") or ""),
            fields={
                "category": AuditField("Categoria"), "tegm": AuditField("TEGM (%)"),
                "above": AuditField("Oltre (€)"), "up_to": AuditField("Fino a (€)"),
                "valid_from": AuditField("Valido dal"), "valid_to": AuditField("Valido al"),
            },
        )
    ]  # fmt: skip
