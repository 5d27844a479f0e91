"""``getDbData``: the collections a user may see, sent in batches on ``dbData``.

The same rules that scope HTTP reads decide what each collection holds.

* Initial sync ``{preventivi: [], polizze: [], usr: []}`` → ``{tot, wm, full: true}``.
* Resync ``{…, wm: W}`` → ``{tot, wm, full: false}``: only what changed since ``W`` (less a
  safety margin for transactions still open when ``W`` was taken); a ``null`` item in a
  batch means the record is gone (deleted, or moved out of the user's view). A watermark
  older than the tombstones kept gets a full sync instead.
* Lazy look-up ``{usr: [ids], docs: [ids]}``: those records, if the user may see them.

Every collection asked for gets at least one batch, so the client can count them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.documents import visible_documents
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.serialize import policy_payload, quote_payload
from core.domain.users.serialize import user_payload
from core.errors import ClientError, NotAuthenticated
from core.extensions import CallContext
from core.realtime.guard import LOGIN_FIRST, logged_in

BATCH = 500
CHUNK = 250
"""Rows read and serialised between two yields to the event loop."""
CHANNEL = "dbData"
BAD_WATERMARK = "Richiesta non valida: wm deve essere un intero non negativo"

Items = list[tuple[str, dict[str, Any] | None]]


class LazyLookup(BaseModel):
    """Ids the client is missing, grouped by kind (SPEC §7 'getDbData (lazy)')."""

    model_config = ConfigDict(extra="ignore")
    usr: list[str] = Field(default_factory=list, max_length=1000)
    docs: list[str] = Field(default_factory=list, max_length=1000)


def to_watermark(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_watermark(wm: int) -> datetime:
    return datetime.fromtimestamp(wm / 1000, tz=UTC)


async def get_db_data(ctx: CallContext, data: Any) -> dict[str, Any]:
    """Initial sync, watermark resync or lazy look-up, by the shape of ``data``."""
    logged_in(ctx)
    if ctx.client is None:  # called without a socket: there is nowhere to send batches
        raise NotAuthenticated(LOGIN_FIRST)
    requested = dict(data) if isinstance(data, dict) else {}
    wm = requested.pop("wm", None)
    if wm is not None and (not isinstance(wm, int) or isinstance(wm, bool) or wm < 0):
        raise ClientError(BAD_WATERMARK)
    if any(isinstance(v, list) and v for v in requested.values()):
        await _send(ctx, await _lazy(ctx, LazyLookup.model_validate(requested)))
        return {"tot": 0}
    assert ctx.principal is not None
    async with (
        ctx.runtime.sync_gate.slot(ctx.tenant.id, ctx.principal.id),
        ctx.client.holding_changes(),
        ctx.runtime.db.read_session() as reading,
    ):
        now = utcnow()
        since = _since(ctx, wm, now)
        datasets = await _collections(replace(ctx, session=reading), set(requested), since)
        await _send(ctx, datasets)
    return {"tot": len(datasets), "wm": to_watermark(now), "full": since is None}


def _since(ctx: CallContext, wm: int | None, now: datetime) -> datetime | None:
    """From when a resync must look, or ``None`` for a full sync."""
    if wm is None:
        return None
    realtime = ctx.runtime.settings.realtime
    since = min(from_watermark(wm), now) - timedelta(seconds=realtime.resync_margin_s)
    oldest_tombstone = now - timedelta(days=realtime.tombstone_days)
    return since if since > oldest_tombstone else None


async def _send(ctx: CallContext, datasets: dict[str, Items]) -> None:
    assert ctx.client is not None
    for collection, items in datasets.items():
        for start in range(0, max(len(items), 1), BATCH):
            batch = dict(items[start : start + BATCH])
            await ctx.client.publish(CHANNEL, {collection: batch})


async def _collections(
    ctx: CallContext, streams: set[str], since: datetime | None
) -> dict[str, Items]:
    principal = ctx.principal
    assert principal is not None
    allowed = perm.subscribed_streams(principal)
    wanted = (streams or allowed) & allowed
    loaders: dict[str, Callable[[], Any]] = {
        "preventivi": lambda: _rows(ctx, m.Quote, quote_payload, principal, since),
        "polizze": lambda: _rows(ctx, m.Policy, policy_payload, principal, since),
        "usr": lambda: _users(ctx, principal, since=since),
    }
    found: dict[str, Items] = {}
    for name in sorted(wanted):
        if name not in loaders:
            continue
        items: Items = [(item["_id"], item) for item in await loaders[name]()]
        if since is not None:
            items = await _gone(ctx, name, since, {key for key, _ in items}) + items
        found[name] = items
    return found


async def _rows(
    ctx: CallContext,
    model: Any,
    serialize: Callable[[Any], dict[str, Any]],
    who: Principal,
    since: datetime | None,
) -> list[dict[str, Any]]:
    stmt = select(model).where(in_agent_tree(who, model))
    if since is not None:
        stmt = stmt.where(model.updated_at > since)
    found: list[dict[str, Any]] = []
    rows = await ctx.session.stream_scalars(stmt.execution_options(yield_per=CHUNK))
    async for chunk in rows.partitions(CHUNK):
        found.extend(serialize(row) for row in chunk)
        await asyncio.sleep(0)  # let other sockets and requests run between chunks
    return found


async def _users(
    ctx: CallContext,
    who: Principal,
    ids: Iterable[str] | None = None,
    since: datetime | None = None,
) -> list[dict[str, Any]]:
    stmt = select(m.User)
    if ids is not None:
        stmt = stmt.where(m.User.id.in_(list(ids)))
    if since is not None:
        stmt = stmt.where(m.User.updated_at > since)
    users = (await ctx.session.execute(stmt)).scalars()
    return [user_payload(u) for u in users if perm.user_visible(who, {"_id": u.id, "role": u.role})]


async def _gone(ctx: CallContext, collection: str, since: datetime, present: set[str]) -> Items:
    """Ids that left the user's view since ``since``, except those still visible."""
    assert ctx.principal is not None
    publication = ctx.runtime.publications.get(collection)
    if publication is None:
        return []
    stmt = select(m.Tombstone).where(
        m.Tombstone.collection == collection, m.Tombstone.deleted_at > since
    )
    gone: dict[str, None] = {}
    for tombstone in (await ctx.session.execute(stmt)).scalars():
        if tombstone.item_id not in present and publication.may_receive(
            ctx.principal, tombstone.scope
        ):
            gone[tombstone.item_id] = None
    return list(gone.items())


async def _lazy(ctx: CallContext, lookup: LazyLookup) -> dict[str, Items]:
    assert ctx.principal is not None
    found: dict[str, Items] = {}
    if lookup.usr:
        found["usr"] = [(u["_id"], u) for u in await _users(ctx, ctx.principal, lookup.usr)]
    if lookup.docs:
        found["docs"] = await _documents(ctx, lookup.docs)
    return found


async def _documents(ctx: CallContext, ids: list[str]) -> Items:
    assert ctx.principal is not None
    documents = await visible_documents(ctx.session, ctx.principal, ids)
    return [(d["_id"], d) for d in documents]
