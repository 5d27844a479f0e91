"""Each tenant's VAPID key pair: made the first time it is needed, then kept for good (the
browsers' subscriptions are bound to the public key, which reaches them in the settings)."""

from __future__ import annotations

import base64
from collections.abc import Iterable

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.db.engine import Database
from core.db.once import insert_once


def new_key_pair() -> tuple[str, str]:
    """(the public key as browsers take it: the uncompressed P-256 point, base64url without
    padding; the private key in PEM)."""
    vapid = Vapid02()
    vapid.generate_keys()
    point = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    public = base64.urlsafe_b64encode(point).rstrip(b"=").decode()
    return public, vapid.private_pem().decode()


async def tenant_keys(session: AsyncSession) -> tuple[str, str]:
    """The current tenant's key pair, made now if it has none. Two first needs at once keep
    one pair: the second write only fills an empty key, then both read what is stored."""
    stmt = select(m.TenantSettings)
    stored = (await session.execute(stmt)).scalars().first()
    if stored is not None and stored.vapid_public_key and stored.vapid_private_key:
        return stored.vapid_public_key, stored.vapid_private_key
    public, private = new_key_pair()
    if stored is None:
        row = m.TenantSettings(data={}, extra_stati=[], disabled_products=[],
                               vapid_public_key=public, vapid_private_key=private)  # fmt: skip
        if await insert_once(session, row):
            return public, private
    else:
        await session.execute(
            update(m.TenantSettings)
            .where(m.TenantSettings.id == stored.id, m.TenantSettings.vapid_public_key.is_(None))
            .values(vapid_public_key=public, vapid_private_key=private)
        )
    stored = (await session.execute(stmt.execution_options(populate_existing=True))).scalars().one()
    return str(stored.vapid_public_key), str(stored.vapid_private_key)


async def ensure_push_keys(db: Database, tenant_ids: Iterable[str]) -> None:
    """Every tenant's key pair, made at start-up if missing: browsers subscribe with the
    public key the settings carry, before any push is sent."""
    for tenant_id in tenant_ids:
        with tenant_scope(tenant_id):
            async with db.session() as session:
                await tenant_keys(session)
