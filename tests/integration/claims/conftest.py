"""The claims tests start from the demo portfolio without its demo claims: each test's claims
are the ones it opens."""

from __future__ import annotations

import pytest
from sqlalchemy import delete

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime


@pytest.fixture(autouse=True)
async def _no_demo_claims(seeded: Runtime) -> None:
    for tenant_id in seeded.tenant_ids():
        with tenant_scope(tenant_id):
            async with seeded.db.session() as session:
                await session.execute(delete(m.Claim))
