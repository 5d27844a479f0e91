"""A sync reads plain rows and passes stored JSON through as text: what reaches the client is
exactly what the ORM serialisers make of the same records (the events' shape), for every
synced stream with a model, every demo user, full syncs and resyncs."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import msgspec
import pytest
from sqlalchemy import select

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.extensions import Publication, StoredRecord, SyncRequest
from core.realtime import protocol
from core.runtime import Runtime

pytestmark = pytest.mark.usefixtures("seeded")


def _wire(records: Any) -> Any:
    """What the client decodes: the records as the socket encodes them."""
    payloads = [r.payload if isinstance(r, StoredRecord) else r for r in records]
    return msgspec.json.decode(protocol.encode({"data": payloads}))["data"]


def _model_streams(runtime: Runtime) -> list[Publication]:
    found = [p for p in runtime.publications.values() if p.sync and p.model and p.serialize]
    assert {"preventivi", "polizze", "chat"} <= {p.channel for p in found}
    return found


async def _compare(runtime: Runtime, tenant: str) -> int:
    compared = 0
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars().all()
            for user in users:
                principal = principal_of(user)
                for publication in _model_streams(runtime):
                    assert publication.sync is not None
                    assert publication.serialize is not None
                    request = SyncRequest(session, principal, None)
                    synced = _wire(list(await publication.sync(request)))
                    ids = [record["_id"] for record in synced]
                    model: Any = publication.model
                    rows = await session.execute(select(model).where(model.id.in_(ids)))
                    by_id = {row.id: row for row in rows.scalars()}
                    expected = _wire([publication.serialize(by_id[i]) for i in ids])
                    assert synced == expected, (publication.channel, user.email)
                    since = SyncRequest(session, principal, utcnow() - timedelta(days=1))
                    assert _wire(list(await publication.sync(since))) == synced
                    later = SyncRequest(session, principal, utcnow() + timedelta(minutes=1))
                    assert list(await publication.sync(later)) == []
                    compared += len(ids)
    return compared


@pytest.mark.parametrize("tenant", ["assicurapp", "rcadealer"])
async def test_synced_records_are_the_serialisers_records(seeded: Runtime, tenant: str) -> None:
    with tenant_scope(tenant):
        async with seeded.db.session() as session:  # a null JSON value and an empty one
            quote = (await session.execute(select(m.Quote).limit(1))).scalar_one()
            quote.car, quote.allegati = None, {}  # type: ignore[assignment]
    assert await _compare(seeded, tenant) > 0


async def test_a_sync_sees_only_its_tenants_rows(seeded: Runtime) -> None:
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            theirs = set((await session.execute(select(m.Quote.id))).scalars())
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            admin = (
                await session.execute(select(m.User).where(m.User.email == "admin@demo.it"))
            ).scalar_one()
            quotes = seeded.publications["preventivi"]
            assert quotes.sync is not None
            synced = _wire(await quotes.sync(SyncRequest(session, principal_of(admin), None)))
    assert synced
    assert not theirs & {record["_id"] for record in synced}
