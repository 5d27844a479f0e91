"""Loans (prestiti / finanziamenti): an extra product line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler

from core.api import (
    DemoContext,
    PrincipalDep,
    ProductLine,
    SessionDep,
    WebModule,
    customer_name,
    hookimpl,
    product_router,
    require_extra_product,
    visible_quotes,
)

REQUIRES_API = "1.1"
"""The version of :mod:`core.api` this line is written for."""
PRODUCT_ID = "prestiti"
HERE = Path(__file__).resolve().parent


@get("/preventivi", summary="Loan quotes the user may see", tags=[PRODUCT_ID])
async def loan_quotes(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    """SPEC §2 columns: Cliente, Stato, Prodotto, Importo richiesto, Rata, Data, Collaboratore."""
    require_extra_product(principal, PRODUCT_ID)
    quotes = await visible_quotes(db_session, principal, line=PRODUCT_ID)
    return [
        {
            "_id": q.id,
            "cliente": customer_name(q),
            "status": q.status,
            "prodotto": q.prodotto.get("Prodotto"),
            "importoRichiesto": q.prodotto.get("Importo_richiesto"),
            "rata": q.prodotto.get("Importo_rata"),
            "at": q.at.isoformat(),
            "aId": q.agent_id,
        }
        for q in quotes
    ]


router = product_router(PRODUCT_ID, [loan_quotes])


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    """The line's one declaration of its label, icon and path (its menu entry is built from it)."""
    return [ProductLine(PRODUCT_ID, "Prestiti", "cash-banknote", menu_order=210)]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def web_module() -> WebModule:
    return WebModule(name=PRODUCT_ID, product=PRODUCT_ID, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from plugins.prestiti.demo import seed_loans

    await seed_loans(ctx)
