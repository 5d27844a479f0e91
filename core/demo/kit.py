"""Helpers product plugins use to seed their demo data."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.db import models as m
from core.extensions import DemoContext


async def new_demo_product(
    ctx: DemoContext,
    line: str,
    *,
    name: str,
    icon: str,
    companies: dict[str, Any],
    plain: bool = False,
    ramo: str | None = None,
) -> m.Product | None:
    """The line's demo product, or ``None`` when the tenant lacks the line or is seeded.

    A line's own product is seeded once the line has a quote. With ``plain``, the product is a
    plain insurance product (no line of its own: its quotes are core's) of ``ramo`` that only
    the tenants offering ``line`` get, looked up by name among the plain products: seeded once
    one of that name has a ramo. One without a ramo (core's demo portfolio has a product per
    kind of cover) is taken over rather than doubled: it gets ``ramo`` and the ``companies`` it
    lacks, and is returned for the line to complete like a new one.
    """
    if line not in ctx.tenant.products:
        return None
    if plain:
        if not ramo:
            raise ValueError("a plain demo product names its ramo")
        return await _plain_product(ctx, name=name, icon=icon, companies=companies, ramo=ramo)
    existing = await ctx.session.execute(select(m.Quote.id).where(m.Quote.type == line))
    if existing.first() is not None:
        return None
    product = m.Product(line=line, name=name, icon=icon, companies=companies, ramo=ramo)
    ctx.session.add(product)
    await ctx.session.flush()
    return product


async def _plain_product(
    ctx: DemoContext, *, name: str, icon: str, companies: dict[str, Any], ramo: str
) -> m.Product | None:
    found = await ctx.session.execute(
        select(m.Product)
        .where(m.Product.line.is_(None), m.Product.name == name)
        .order_by(m.Product.created_at, m.Product.id)
    )
    product = found.scalars().first()
    if product is not None:
        if product.ramo is not None:
            return None
        product.ramo = ramo
        product.companies = {**companies, **(product.companies or {})}
        return product
    product = m.Product(line=None, name=name, icon=icon, companies=companies, ramo=ramo)
    ctx.session.add(product)
    await ctx.session.flush()
    return product
