"""A synced record's payload is stored at every ORM write and sent as it is while fresh; a
write that bypasses the ORM or a new shape version leaves it stale, and the sync builds that
record from its columns until :func:`refresh_payloads` stores it again."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.db import stored_payload
from core.db.stored_payload import PayloadShape, is_stale, refresh_payloads, shape_of
from core.domain.policies.serialize import policy_payload
from core.domain.quotes.serialize import quote_payload
from core.extensions import StoredRecord, SyncRequest
from core.realtime import protocol
from core.runtime import Runtime

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
STORED = (m.Quote, m.Policy, m.Instalment)


def _decoded(value: Any) -> Any:
    """What the client decodes of a payload (a stored one or a dict)."""
    payload = value.payload if isinstance(value, StoredRecord) else value
    return msgspec.json.decode(protocol.encode({"data": payload}))["data"]


async def _synced(runtime: Runtime, session: AsyncSession, channel: str) -> dict[str, Any]:
    """The admin's sync of ``channel``: id → decoded payload, and which came stored."""
    admin = (
        await session.execute(select(m.User).where(m.User.email == "admin@demo.it"))
    ).scalar_one()
    loader = runtime.publications[channel].sync
    assert loader is not None
    records = await loader(SyncRequest(session, principal_of(admin), None))
    return {_decoded(r)["_id"]: r for r in records}


async def _stale(session: AsyncSession, model: Any) -> int:
    return (await session.execute(select(func.count(model.id)).where(is_stale(model)))).scalar_one()


async def test_the_demo_records_are_stored_fresh_and_sent_as_stored(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            for model in STORED:
                assert await _stale(session, model) == 0, model.__name__
            synced = await _synced(seeded, session, "preventivi")
            assert synced
            assert all(isinstance(r, StoredRecord) for r in synced.values())
            for quote in (await session.execute(select(m.Quote))).scalars():
                assert _decoded(synced[quote.id]) == _decoded(quote_payload(quote))


async def test_an_orm_write_stores_the_new_payload(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote = (await session.execute(select(m.Quote).limit(1))).scalar_one()
            quote.status = "Emessa"
            policy = m.Policy(number="NEW-1", company="Allianz", frequency="ANN")
            session.add(policy)  # no premium, no creation time: the defaults are stored
        async with seeded.db.session() as session:
            synced = await _synced(seeded, session, "preventivi")
            assert isinstance(synced[quote.id], StoredRecord)
            assert _decoded(synced[quote.id])["status"] == "Emessa"
            stored = await session.get(m.Quote, quote.id)
            assert stored is not None
            assert stored.wire_at == stored.updated_at
            wire, created_at = (
                await session.execute(
                    select(m.Policy.wire, m.Policy.created_at).where(m.Policy.id == policy.id)
                )
            ).one()
            assert wire is not None
            payload = msgspec.json.decode(wire)
            assert payload["premium"] == 0
            assert payload["at"] == created_at.isoformat()


async def test_a_bulk_update_is_sent_from_the_columns_until_stored_again(
    seeded: Runtime,
) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote_id = (await session.execute(select(m.Quote.id).limit(1))).scalar_one()
            await session.execute(
                update(m.Quote).where(m.Quote.id == quote_id).values(status="Annullata")
            )
        async with seeded.db.session() as session:
            assert await _stale(session, m.Quote) == 1
            synced = await _synced(seeded, session, "preventivi")
            assert not isinstance(synced[quote_id], StoredRecord)  # built from its columns
            assert _decoded(synced[quote_id])["status"] == "Annullata"
            written = (
                await session.execute(select(m.Quote.updated_at).where(m.Quote.id == quote_id))
            ).scalar_one()
        async with seeded.db.session() as session:
            assert await refresh_payloads(session, m.Quote) == 1
        async with seeded.db.session() as session:
            assert await _stale(session, m.Quote) == 0
            synced = await _synced(seeded, session, "preventivi")
            assert isinstance(synced[quote_id], StoredRecord)
            assert _decoded(synced[quote_id])["status"] == "Annullata"
            after = (
                await session.execute(select(m.Quote.updated_at).where(m.Quote.id == quote_id))
            ).scalar_one()
            assert after == written  # storing again is not a change: the watermark stays


async def test_a_policy_with_a_stale_instalment_is_built_from_its_rows(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            rata = (await session.execute(select(m.Instalment).limit(1))).scalar_one()
            await session.execute(
                update(m.Instalment)
                .where(m.Instalment.id == rata.id)
                .values(paid=True, total=Decimal("123.45"))
            )
        async with seeded.db.session() as session:
            synced = await _synced(seeded, session, "polizze")
            assert not isinstance(synced[rata.policy_id], StoredRecord)
            policy = await session.get(m.Policy, rata.policy_id)
            assert policy is not None
            await session.refresh(policy, ["instalments"])
            expected = _decoded(policy_payload(policy))
            assert _decoded(synced[rata.policy_id]) == expected
            assert any(r["paid"] and r["price"]["tot"] == 123.45 for r in expected["rate"])
            others = [r for key, r in synced.items() if key != rata.policy_id]
            assert others
            assert all(isinstance(r, StoredRecord) for r in others)


async def test_stored_policies_are_the_serialisers_policies(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            synced = await _synced(seeded, session, "polizze")
            policies = (await session.execute(select(m.Policy))).scalars().all()
            assert policies
            for policy in policies:
                await session.refresh(policy, ["instalments"])
                assert isinstance(synced[policy.id], StoredRecord)
                assert _decoded(synced[policy.id]) == _decoded(policy_payload(policy))


async def test_a_new_shape_version_leaves_every_payload_stale(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    current = shape_of(m.Quote)
    newer = PayloadShape(lambda quote: {**current.shape(quote), "v": 2}, current.version + 1)
    model: type[Any] = m.Quote
    monkeypatch.setitem(stored_payload._SHAPES, model, newer)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            total = (await session.execute(select(func.count(m.Quote.id)))).scalar_one()
            assert await _stale(session, m.Quote) == total > 0
            synced = await _synced(seeded, session, "preventivi")
            assert not any(isinstance(r, StoredRecord) for r in synced.values())
        async with seeded.db.session() as session:
            assert await refresh_payloads(session, m.Quote) == total
        async with seeded.db.session() as session:
            synced = await _synced(seeded, session, "preventivi")
            assert all(_decoded(r)["v"] == 2 for r in synced.values())


async def test_refreshing_stays_in_its_tenant(seeded: Runtime) -> None:
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            await session.execute(update(m.Quote).values(status="Annullata"))
            theirs = await _stale(session, m.Quote)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            assert await refresh_payloads(session, m.Quote) == 0
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            assert theirs > 0
            assert await _stale(session, m.Quote) == theirs
