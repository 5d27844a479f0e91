"""Loan records read straight from the database."""

from __future__ import annotations

from sqlalchemy import select

from core.api import models as m
from core.api import tenant_scope
from core.testing import Runtime
from plugins.prestiti.models import UsuryRate
from plugins.prestiti.tegm import PRODUCT_ID

VALID_CF = "RSSMRA80A01H501U"
CUSTOMER = [{"_id": "nome", "value": "Mario Rossi"}, {"_id": "cf", "value": VALID_CF}]


async def loan_product(runtime: Runtime, tenant: str) -> m.Product:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Product).where(m.Product.line == PRODUCT_ID))
            return found.scalars().one()


async def loans(runtime: Runtime, tenant: str) -> list[m.Quote]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Quote).where(m.Quote.type == PRODUCT_ID))
            return list(found.scalars())


async def usury_rows(runtime: Runtime, tenant: str, category: str) -> list[UsuryRate]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(UsuryRate).where(UsuryRate.category == category))
            return list(found.scalars())


async def documents_of(runtime: Runtime, tenant: str, quote_id: str) -> list[m.Document]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(m.Document).where(m.Document.owner_id == quote_id).order_by(m.Document.at)
            )
            return list(found.scalars())


async def kept_commissions(runtime: Runtime, tenant: str, quote_id: str) -> list[m.LineCommission]:
    """The practice's commission items as core keeps them."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(m.LineCommission).where(m.LineCommission.quote_id == quote_id)
            )
            return list(found.scalars())


async def approve(runtime: Runtime, tenant: str, quote_id: str) -> list[m.BalanceEntry]:
    """The direction approves the practice; the balance entries then posted for it."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.status = "Approvato dalla direzione"
        async with runtime.db.session() as session:
            found = await session.execute(
                select(m.BalanceEntry).where(m.BalanceEntry.quote_id == quote_id)
            )
            return list(found.scalars())
