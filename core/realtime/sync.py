"""``getDbData``: the streams a user may see, sent in batches on ``dbData``.

The sync engine knows no collection: every registered :class:`Publication` with a ``sync``
loader is a stream it sends (core's and plugins' alike), scoped by the loader's own rule —
the one its HTTP twin uses.

* Initial sync ``{preventivi: [], polizze: [], usr: []}`` → ``{tot, wm, full: true}``; an
  empty request means every stream the user may subscribe to.
* Resync ``{…, wm: W}`` → ``{tot, wm, full: false}``: only what changed since ``W`` (less a
  safety margin for transactions still open when ``W`` was taken); a ``null`` item in a
  batch means the record is gone (deleted, or moved out of the user's view). A watermark
  older than the tombstones kept gets a full sync instead.
* Lazy look-up ``{usr: [ids], docs: [ids]}``: those records, if the user may see them (the
  streams with a ``lookup`` loader).

Every stream asked for gets at least one batch, so the client can count them. A full sync
spends one of its user's and tenant's full syncs per minute
(:mod:`core.realtime.sync_budget`); its batches are encoded and compressed off the event
loop (:mod:`core.realtime.prepared`), so one large sync never holds up other requests.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.errors import ClientError, NotAuthenticated
from core.extensions import CallContext, Publication, StoredRecord, SyncRequest
from core.messages import LOGIN_FIRST
from core.observability.metrics import SYNC_DURATION
from core.realtime.guard import logged_in
from core.realtime.publications import synced_streams

BATCH = 500
CHANNEL = "dbData"
BAD_WATERMARK = "Richiesta non valida: wm deve essere un intero non negativo"
BAD_LOOKUP = "Richiesta non valida: al più 1000 id per collezione"
MAX_LOOKUP = 1000

Items = list[tuple[str, dict[str, Any] | msgspec.Raw | None]]


class LookupIds(BaseModel):
    """The ids asked for one stream (SPEC §7 'getDbData (lazy)')."""

    model_config = ConfigDict(extra="forbid")
    ids: list[str] = Field(max_length=MAX_LOOKUP)


def to_watermark(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_watermark(wm: int) -> datetime:
    return datetime.fromtimestamp(wm / 1000, tz=UTC)


async def get_db_data(ctx: CallContext, data: Any) -> dict[str, Any]:
    """Initial sync, watermark resync or lazy look-up, by the shape of ``data``."""
    principal = logged_in(ctx)
    if ctx.client is None:  # called without a socket: there is nowhere to send batches
        raise NotAuthenticated(LOGIN_FIRST)
    requested = dict(data) if isinstance(data, dict) else {}
    wm = requested.pop("wm", None)
    if wm is not None and (not isinstance(wm, int) or isinstance(wm, bool) or wm < 0):
        raise ClientError(BAD_WATERMARK)
    if any(isinstance(v, list) and v for v in requested.values()):
        await _send(ctx, await _lazy(ctx, principal, requested))
        return {"tot": 0}
    if _since(ctx, wm, utcnow()) is None:  # a full sync: the heaviest call there is
        await ctx.host.sync_budget.spend(ctx.tenant.id, principal.id)
    gate = ctx.host.sync_gate
    async with gate.user_slot(ctx.tenant.id, principal.id), ctx.client.holding_changes():
        now = utcnow()
        since = _since(ctx, wm, now)
        streams = await synced_streams(ctx.host, ctx.session, principal, set(requested))
        await ctx.session.commit()  # its connection goes back: the batches may wait long
        for publication in streams:  # each stream leaves once read: the client decodes it
            with SYNC_DURATION.labels(publication.channel).time():
                async with gate.tenant_slot(ctx.tenant.id), ctx.host.read_session() as reading:
                    items = await _stream(reading, principal, publication, since)
                await _send(ctx, {publication.channel: items})  # holding no slot nor connection
    return {"tot": len(streams), "wm": to_watermark(now), "full": since is None}


def _since(ctx: CallContext, wm: int | None, now: datetime) -> datetime | None:
    """From when a resync must look, or ``None`` for a full sync."""
    if wm is None:
        return None
    realtime = ctx.host.settings.realtime
    since = min(from_watermark(wm), now) - timedelta(seconds=realtime.resync_margin_s)
    oldest_tombstone = now - timedelta(days=realtime.tombstone_days)
    return since if since > oldest_tombstone else None


async def _stream(
    session: AsyncSession, principal: Principal, publication: Publication, since: datetime | None
) -> Items:
    assert publication.sync is not None
    records = await publication.sync(SyncRequest(session, principal, since))
    items: Items = [
        (record.id, record.payload) if isinstance(record, StoredRecord) else (record["_id"], record)
        for record in records
    ]
    if since is not None:
        present = {key for key, _ in items}
        items = await _gone(session, principal, publication, since, present) + items
    return items


async def _send(ctx: CallContext, datasets: Mapping[str, Items]) -> None:
    assert ctx.client is not None
    for collection, items in datasets.items():
        for start in range(0, max(len(items), 1), BATCH):
            batch = dict(items[start : start + BATCH])
            await ctx.client.publish(CHANNEL, {collection: batch})


async def _gone(
    session: AsyncSession,
    principal: Principal,
    publication: Publication,
    since: datetime,
    present: set[str],
) -> Items:
    """Ids that left the user's view since ``since``, except those still visible."""
    stmt = select(m.Tombstone).where(
        m.Tombstone.collection == publication.channel, m.Tombstone.deleted_at > since
    )
    gone: dict[str, None] = {}
    for tombstone in (await session.execute(stmt)).scalars():
        if tombstone.item_id not in present and publication.may_receive(principal, tombstone.scope):
            gone[tombstone.item_id] = None
    return list(gone.items())


async def _lazy(
    ctx: CallContext, principal: Principal, requested: Mapping[str, Any]
) -> dict[str, Items]:
    """The records asked for by id, from the streams that look records up; others ignored."""
    found: dict[str, Items] = {}
    for channel, ids in requested.items():
        publication = ctx.host.publications.get(channel)
        if publication is None or publication.lookup is None or not ids:
            continue
        try:
            wanted = LookupIds(ids=ids).ids
        except ValidationError as exc:
            raise ClientError(BAD_LOOKUP) from exc
        records = await publication.lookup(ctx.session, principal, wanted)
        found[channel] = [(record["_id"], record) for record in records]
    return found
