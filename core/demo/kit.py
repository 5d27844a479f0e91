"""Helpers product plugins use to seed their demo data."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.db import models as m
from core.extensions import DemoContext


async def new_demo_product(
    ctx: DemoContext, line: str, *, name: str, icon: str, companies: dict[str, Any]
) -> m.Product | None:
    """The line's demo product, or ``None`` when the tenant lacks the line or is seeded."""
    if line not in ctx.tenant.products:
        return None
    existing = await ctx.session.execute(select(m.Quote.id).where(m.Quote.type == line))
    if existing.first() is not None:
        return None
    product = m.Product(line=line, name=name, icon=icon, companies=companies)
    ctx.session.add(product)
    await ctx.session.flush()
    return product
