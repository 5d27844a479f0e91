"""One policy number per company and tenant.

Companies print numbers with varying case and spacing ('az 2026 0001', 'AZ20260001'); a
policy's ``number_key`` is the number in upper case with every space removed
(:func:`core.db.models.policies.number_key`, set on insert), and the unique index
``ux_policies_tenant_company_number`` on (tenant, company, key) refuses a second policy of the
same company with the same key — also when two are issued at the same moment: the database
decides, and the loser's flush becomes a 409.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.models.policies import number_key
from core.errors import Conflict

DUPLICATE = "Il numero di polizza {number} è già usato per {company}"
INDEX = "ux_policies_tenant_company_number"


def duplicate(number: str, company: str) -> Conflict:
    return Conflict(DUPLICATE.format(number=number, company=company))


async def ensure_free(session: AsyncSession, company: str, number: str) -> None:
    """409 when ``company`` already has a policy numbered ``number`` (by key)."""
    stmt = select(m.Policy.id).where(
        m.Policy.company == company, m.Policy.number_key == number_key(number)
    )
    if (await session.execute(stmt.limit(1))).first() is not None:
        raise duplicate(number, company)


def is_duplicate(error: IntegrityError) -> bool:
    """Whether a failed flush broke the number's unique index."""
    text = str(error.orig).lower()
    return INDEX in text or "policies.number_key" in text
