"""The side menu and the product lines a user may open, as the server sends them to the shell.

The menu's entries come from every plugin's ``menu_entries`` hook (core areas and product
lines alike) with their rules (:func:`core.permissions.menu_for`); the shell renders what this
module computes and holds no rules of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.extensions import Host, MenuEntry, ProductLine
from core.lines import works
from tenants.config import Tenant


def line_entries(lines: Iterable[ProductLine]) -> list[MenuEntry]:
    """The menu entry of each extra product line, from its one declaration (label, icon,
    path): plugins declare no entry for their line."""
    return [
        MenuEntry(
            line.id, line.path, line.name, line.icon, line.menu_order,
            line.menu_visible or perm.has_role, product=line.id,
        )
        for line in lines
        if line.extra_product and line.menu_order is not None
    ]  # fmt: skip


def entry_payload(entry: MenuEntry, host: Host) -> dict[str, Any]:
    """One entry: an i18n key as label, or, for a product line's entry, the line's name."""
    line = host.product_lines.get(entry.product) if entry.product else None
    return {
        "key": entry.key,
        "path": entry.path,
        "label": line.name if line is not None else entry.label,
        "icon": entry.icon,
        "order": entry.order,
        "chip": entry.chip,
        "product": entry.product,
    }


async def menu_payload(
    host: Host, session: AsyncSession, tenant: Tenant, principal: Principal
) -> list[dict[str, Any]]:
    """The user's side menu: the tenant's cut, its lines switched on, the user's roles."""
    enabled = await host.lines.enabled(session, tenant)
    entries = perm.menu_for(principal, host.menu, tenant_products=enabled, only=tenant.menu.only)
    return [entry_payload(entry, host) for entry in entries]


async def open_lines(
    host: Host, session: AsyncSession, tenant: Tenant, principal: Principal
) -> list[str]:
    """The extra product lines the user may open (their module's routes): on for the tenant,
    and theirs (admins: all)."""
    enabled = await host.lines.enabled(session, tenant)
    return [
        line
        for line in enabled
        if host.product_lines[line].extra_product
        and perm.has_role(principal)
        and works(principal, line)
    ]
