"""The month's statement of a collaborator: the ledger over one calendar month as a PDF,
with the tenant's title and logo (the uploaded one, else the deployment's)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from anyio import to_thread
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.domain.commissions.balance import balance_owner, month_range, statement
from core.domain.commissions.statement_pdf import statement_pdf
from core.domain.documents.files import storage_of
from core.domain.settings.branding import branding
from core.errors import ClientError
from core.runtime import Runtime
from tenants.config import ASSETS_ROOT, Tenant

BAD_MONTH = "Mese non valido: usa AAAA-MM"
MAX_LOGO_BYTES = 8 * 1024 * 1024
"""An uploaded logo is an avatar-sized image; more is not read."""


def month_bounds(month: str | None) -> tuple[date, date]:
    """``2026-11`` → 1 to 30 November 2026; ``None`` → the current month."""
    if month is None:
        return month_range()
    try:
        first = date(int(month[:4]), int(month[5:7]), 1)
    except ValueError:
        raise ClientError(BAD_MONTH) from None
    if not date(1900, 1, 1) <= first <= date(2099, 12, 1):
        raise ClientError(BAD_MONTH)
    return month_range(first)


async def monthly_statement(
    session: AsyncSession, runtime: Runtime, tenant: Tenant, principal: Principal,
    user_id: str, month: str | None,
) -> tuple[bytes, str]:  # fmt: skip
    """The PDF and its file name."""
    user = await balance_owner(session, principal, user_id)
    first, last = month_bounds(month)
    result = await statement(session, user.id, first, last)
    stored = await runtime.stored_settings(session)
    look = branding(tenant, stored)
    key = ((stored.data if stored else None) or {}).get("logo")
    logo: Path | bytes | None = (
        await _stored_logo(runtime, tenant, key) if key
        else ASSETS_ROOT / tenant.id / tenant.logo
    )  # fmt: skip
    content = statement_pdf(str(look["title"]), logo, user, first, last, result)
    return content, f"estratto-conto-{first:%Y-%m}.pdf"


async def _stored_logo(runtime: Runtime, tenant: Tenant, key: str) -> bytes | None:
    """The uploaded logo's bytes, or ``None`` (gone from the store)."""

    def read() -> bytes | None:
        try:
            with storage_of(runtime.settings).open(tenant.id, key) as source:
                return source.read(MAX_LOGO_BYTES)
        except FileNotFoundError:
            return None

    return await to_thread.run_sync(read)
