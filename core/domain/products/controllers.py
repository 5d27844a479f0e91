"""``/api/products``: the tenant's product catalogue (SPEC §2 'Prodotti').

Everyone logged in reads the active products; admins and responsabili also see inactive ones
and are the only ones who create, change and delete. Writes go through the ORM, so the
``products`` channel publishes them to connected clients.
"""

from __future__ import annotations

from typing import Any

from litestar import Controller, delete, get, post, put
from litestar.params import FromPath, JSONBody
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.products.schemas import ProductCreate, ProductUpdate
from core.domain.settings.payload import product_payload
from core.errors import ClientError, Conflict, NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.messages import PRODUCT_NOT_FOUND
from core.runtime import Runtime
from core.validation import parse
from tenants.config import Tenant

NOT_FOUND = PRODUCT_NOT_FOUND
UNKNOWN_LINE = "Linea di prodotto non disponibile: {line}"
INVALID = "Dati del prodotto non validi"
IN_USE = "Il prodotto ha già dei preventivi: disattivalo invece di eliminarlo"


def _check_line(runtime: Runtime, tenant: Tenant, changes: dict[str, Any]) -> None:
    line = changes.get("line")
    if line is not None and line not in runtime.lines.offered(tenant):
        raise ClientError(UNKNOWN_LINE.format(line=line))


async def _product(session: AsyncSession, product_id: str, principal: Principal) -> m.Product:
    product = await session.get(m.Product, product_id)
    if product is None or (not product.active and not perm.sees_products(principal)):
        raise NotFound(NOT_FOUND)
    return product


class ProductController(Controller):
    path = "/api/products"
    tags = ["products"]

    @get("/", summary="The products (inactive ones too for admins and responsabili)")
    async def list_products(
        self, principal: PrincipalDep, db_session: SessionDep
    ) -> list[dict[str, Any]]:
        # the roles whose screens show products: not the employee (SPEC §6), nor no role
        require(perm.sees_work, principal)
        stmt = select(m.Product).order_by(m.Product.name, m.Product.id)
        if not perm.sees_products(principal):
            stmt = stmt.where(m.Product.active)
        return [product_payload(p) for p in (await db_session.execute(stmt)).scalars()]

    @get("/{product_id:str}", summary="One product")
    async def get_product(
        self, product_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, Any]:
        require(perm.sees_work, principal)
        return product_payload(await _product(db_session, product_id, principal))

    @post("/", summary="Create a product (admin, responsabile)")
    async def create_product(
        self,
        data: JSONBody[dict[str, Any]],
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        require(perm.sees_products, principal)
        changes = parse(ProductCreate, data, INVALID).changes()
        _check_line(runtime, tenant, changes)
        product = m.Product(**changes)
        db_session.add(product)
        await db_session.flush()
        return product_payload(product)

    @put("/{product_id:str}", summary="Change a product (admin, responsabile)")
    async def update_product(
        self,
        product_id: FromPath[str],
        data: JSONBody[dict[str, Any]],
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        require(perm.sees_products, principal)
        changes = parse(ProductUpdate, data, INVALID).changes()
        product = await _product(db_session, product_id, principal)
        _check_line(runtime, tenant, changes)
        for attribute, value in changes.items():
            setattr(product, attribute, value)
        await db_session.flush()
        return product_payload(product)

    @delete("/{product_id:str}", summary="Delete a product (admin, responsabile)", status_code=200)
    async def delete_product(
        self, product_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, Any]:
        require(perm.sees_products, principal)
        product = await _product(db_session, product_id, principal)
        quotes = select(func.count(m.Quote.id)).where(m.Quote.product_id == product.id)
        if (await db_session.execute(quotes)).scalar_one():
            raise Conflict(IN_USE)  # quotes keep their product: switch it off instead
        await db_session.delete(product)
        await db_session.flush()
        return {"_id": product_id, "deleted": True}
