"""Saving the tax table (admins): checked whole, then written into the tenant's settings in one
audited change, which the ``settings`` stream announces to every open client."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.domain.settings.payload import tenant_data
from core.domain.settings.save import stored_or_new
from core.domain.taxes.seed import TABLE_KEY, seeded_table
from core.domain.taxes.table import TaxTable, TaxTableBody
from core.errors import Forbidden
from core.extensions import Host

ADMINS_ONLY = "Solo gli amministratori modificano la tabella delle imposte"


async def save_tax_table(
    session: AsyncSession, actor: Principal, body: TaxTableBody
) -> dict[str, Any]:
    """Replace the tenant's table with ``body``; returns it as stored."""
    if not perm.sees_settings(actor):
        raise Forbidden(ADMINS_ONLY)
    stored = await stored_or_new(session)
    table = body.stored()
    stored.data = {**(stored.data or {}), TABLE_KEY: table}
    await session.flush()
    return table


async def tax_table(session: AsyncSession, host: Host) -> TaxTable:
    """The tenant's table (the seeded one until an admin saves one)."""
    stored = (await tenant_data(session, host)).get(TABLE_KEY)
    return TaxTable.of(stored if stored is not None else seeded_table())
