"""Tenant settings an admin changes at runtime: switching product lines on and off."""

from __future__ import annotations

from typing import Any

from litestar import put
from litestar.params import FromPath, JSONBody
from pydantic import BaseModel, ConfigDict
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.db import models as m
from core.errors import NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.messages import LINE_NOT_AVAILABLE
from core.runtime import Runtime
from core.validation import StrictBool

PRODUCTS_CHANGED = "productsChanged"
"""Server event telling the tenant's connected clients to re-read ``/api/tenant``."""
LINE_SWITCHED_OFF = "Prodotto disattivato"


class ProductToggle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: StrictBool


async def stored_or_new(runtime: Runtime, session: AsyncSession) -> m.TenantSettings:
    stored = await runtime.stored_settings(session)
    if stored is None:
        stored = m.TenantSettings()
        session.add(stored)
    return stored


@put("/api/settings/products/{product_id:str}", summary="Switch a product line", tags=["settings"])
async def toggle_product(
    product_id: FromPath[str],
    data: JSONBody[ProductToggle],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    require(perm.sees_settings, principal)
    if product_id not in runtime.lines.offered(tenant):
        raise NotFound(LINE_NOT_AVAILABLE)
    stored = await stored_or_new(runtime, db_session)
    disabled = [p for p in stored.disabled_products if p != product_id]
    if not data.enabled:
        disabled.append(product_id)
    stored.disabled_products = disabled
    await db_session.flush()
    products = await runtime.lines.enabled(db_session, tenant)
    await db_session.commit()  # clients re-read the configuration as soon as they hear of it
    if not data.enabled:
        channels = [p.channel for p in runtime.publications.values() if p.product == product_id]
        await runtime.hub.close_channels(tenant.id, channels, LINE_SWITCHED_OFF)
    await runtime.hub.send_event(tenant.id, PRODUCTS_CHANGED)
    return {"products": products}
