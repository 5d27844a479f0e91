"""The product-line gate: is this line on for this tenant, and may this user work it.

One answer for every door — HTTP routes (:mod:`core.guards`), realtime calls and channels
(:mod:`core.realtime.dispatch`), ``getDbData`` (:mod:`core.realtime.sync`) and the domain's
own checks — so a line switched off or not granted is refused the same way everywhere.

* Plain quotes (no line) are always open.
* A line is *on* where tenants.yaml offers it, its plugin is installed, and the tenant's
  admin has not switched it off (``disabled_products`` in the stored settings).
* A user *works* a line that is on when they are an admin or have it among their extra
  products (SPEC §2); a line that is no extra product (``ProductLine.extra_product`` false,
  switched per tenant only, as RCA is) is worked by every user of the tenant, their role
  deciding the rest.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.errors import Forbidden, NotFound
from core.messages import LINE_NOT_AVAILABLE, PRODUCT_NOT_YOURS
from tenants.config import Tenant
from tenants.resolver import TenantRegistry


class LineAccess(enum.Enum):
    OPEN = "open"
    OFF = "off"
    """The tenant does not offer the line, or has it switched off."""
    NOT_YOURS = "not_yours"
    """On for the tenant, but this user may not work it."""


async def stored_settings(session: AsyncSession) -> m.TenantSettings | None:
    """The tenant's stored settings row (the session is scoped to one tenant)."""
    return (await session.execute(select(m.TenantSettings))).scalar_one_or_none()


class ProductLineGate:
    """Answers for the lines the installed plugins provide (``lines``: id → anything)."""

    def __init__(self, tenants: TenantRegistry, lines: Mapping[str, object]) -> None:
        self._tenants = tenants
        self._lines = lines

    def offered(self, tenant: Tenant) -> list[str]:
        """Lines tenants.yaml offers for ``tenant`` whose plugin is installed."""
        return [p for p in tenant.products if p in self._lines]

    async def enabled(
        self, session: AsyncSession, tenant: Tenant, stored: m.TenantSettings | None = None
    ) -> list[str]:
        """Offered lines the tenant's admin has not switched off."""
        offered = self.offered(tenant)
        stored = stored or await stored_settings(session)
        if stored is None:
            return offered
        return [p for p in offered if p not in stored.disabled_products]

    async def is_on(self, session: AsyncSession, tenant_id: str, line: str | None) -> bool:
        """Plain quotes (no line) always; a line's where the tenant has it on."""
        if line is None:
            return True
        tenant = self._tenants.get(tenant_id)
        return tenant is not None and line in await self.enabled(session, tenant)

    async def access(
        self, session: AsyncSession, tenant_id: str, principal: Principal | None, line: str | None
    ) -> LineAccess:
        """Whether ``principal`` may work ``line`` now (``None``: nobody logged in, so only
        whether the line is on)."""
        if not await self.is_on(session, tenant_id, line):
            return LineAccess.OFF
        return self._granted(principal, line)

    def access_within(
        self, enabled: Collection[str], principal: Principal | None, line: str | None
    ) -> LineAccess:
        """:meth:`access` where the tenant's enabled lines are already known."""
        if line is not None and line not in enabled:
            return LineAccess.OFF
        return self._granted(principal, line)

    def _granted(self, principal: Principal | None, line: str | None) -> LineAccess:
        if line is None or principal is None or not self.per_user(line) or works(principal, line):
            return LineAccess.OPEN
        return LineAccess.NOT_YOURS

    def per_user(self, line: str) -> bool:
        """Whether ``line`` is an extra product, granted per user (unknown lines are)."""
        return bool(getattr(self._lines.get(line), "extra_product", True))

    async def works(self, session: AsyncSession, principal: Principal, line: str | None) -> bool:
        """Whether ``principal`` may work ``line``'s records (plain quotes: always)."""
        return await self.access(session, principal.tenant_id, principal, line) is LineAccess.OPEN

    async def require(
        self, session: AsyncSession, tenant_id: str, principal: Principal | None, line: str | None
    ) -> None:
        """Raise 404 'Prodotto non disponibile' for a line that is off, 403 'Prodotto non
        abilitato per il tuo utente' for one this user may not work."""
        refuse(await self.access(session, tenant_id, principal, line))


def works(principal: Principal, line: str) -> bool:
    """The user's side of the gate: admins work every line, others their extra products."""
    return perm.sees_extra_product(principal, line, {line})


def refuse(access: LineAccess) -> None:
    """Raise what a refused ``access`` answers; nothing when it is open."""
    if access is LineAccess.OFF:
        raise NotFound(LINE_NOT_AVAILABLE)
    if access is LineAccess.NOT_YOURS:
        raise Forbidden(PRODUCT_NOT_YOURS)
