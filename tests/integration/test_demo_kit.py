"""``new_demo_product``, what a line seeds its demo product with: a line's own product once,
and a plain product a line offers, taken over from core's demo portfolio rather than doubled."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.demo.kit import new_demo_product
from core.demo.seed import ACCOUNTS
from core.extensions import DemoContext
from core.runtime import Runtime
from core.testing import user_ids

TERMS = {"Reale Mutua": {"provv": 7, "istruttoria": 10, "qMin": 1, "qMax": 6}}


async def _context(runtime: Runtime, tenant: str, session: AsyncSession) -> DemoContext:
    found = next(t for t in runtime.tenants if t.id == tenant)
    ids = await user_ids(runtime, tenant)
    assert set(ids) == {email.split("@")[0] for _, email, *_ in ACCOUNTS}
    return DemoContext(found, session, ids, runtime.settings)


async def _plain(runtime: Runtime, tenant: str, name: str) -> list[m.Product]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Product).where(m.Product.line.is_(None), m.Product.name == name)
            return list((await session.execute(stmt)).scalars())


async def test_a_plain_product_of_cores_portfolio_is_taken_over_once(seeded: Runtime) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            ctx = await _context(seeded, "assicurapp", session)
            product = await new_demo_product(
                ctx, "noleggio-auto", name="Casa e famiglia", icon="home", companies=TERMS,
                plain=True, ramo="incendio",
            )  # fmt: skip
            assert product is not None
            assert product.line is None
            assert product.ramo == "incendio"
            assert "Reale Mutua" in product.companies
            again = await new_demo_product(
                ctx, "noleggio-auto", name="Casa e famiglia", icon="home", companies={},
                plain=True, ramo="incendio",
            )  # fmt: skip
            assert again is None
    stored = await _plain(seeded, "assicurapp", "Casa e famiglia")
    assert [(p.ramo, p.icon) for p in stored] == [("incendio", "home")]


async def test_a_plain_product_missing_is_made(seeded: Runtime) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            ctx = await _context(seeded, "assicurapp", session)
            product = await new_demo_product(
                ctx, "prestiti", name="Tutela del credito", icon="shield", companies=TERMS,
                plain=True, ramo="credito",
            )  # fmt: skip
            assert product is not None
            assert (product.line, product.ramo, product.companies) == (None, "credito", TERMS)
    assert len(await _plain(seeded, "assicurapp", "Tutela del credito")) == 1


async def test_nothing_where_the_tenant_lacks_the_line_and_no_plain_product_without_ramo(
    seeded: Runtime,
) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            ctx = await _context(seeded, "assicurapp", session)
            assert "rca" not in ctx.tenant.products
            none = await new_demo_product(
                ctx, "rca", name="Casa e famiglia", icon="home", companies=TERMS,
                plain=True, ramo="incendio",
            )  # fmt: skip
            assert none is None
            with pytest.raises(ValueError, match="ramo"):
                await new_demo_product(
                    ctx, "noleggio-auto", name="X", icon="home", companies={}, plain=True
                )
    assert [p.ramo for p in await _plain(seeded, "assicurapp", "Casa e famiglia")] == [None]


async def test_a_lines_own_product_is_seeded_once(seeded: Runtime) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            ctx = await _context(seeded, "assicurapp", session)
            seeded_line = await new_demo_product(
                ctx, "noleggio-auto", name="Noleggio", icon="car", companies={}
            )
            assert seeded_line is None  # the demo rentals are its quotes
