"""``getDbData``: the collections a user may see, sent in batches on ``dbData``.

The same rules that scope HTTP reads decide what each collection holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.serialize import policy_payload, quote_payload
from core.domain.users.serialize import user_payload
from core.errors import NotAuthenticated
from core.extensions import CallContext

BATCH = 500
CHANNEL = "dbData"
LOGIN_FIRST = "Non autorizzato: effettua l'accesso"


class LazyLookup(BaseModel):
    """Ids the client is missing, grouped by kind (SPEC §7 'getDbData (lazy)')."""

    model_config = ConfigDict(extra="ignore")
    usr: list[str] = Field(default_factory=list, max_length=1000)
    docs: list[str] = Field(default_factory=list, max_length=1000)


async def get_db_data(ctx: CallContext, data: Any) -> dict[str, int]:
    """Initial sync (``{stream: []}``) or lazy look-up (``{usr: [ids], docs: [ids]}``)."""
    if ctx.principal is None or ctx.client is None:
        raise NotAuthenticated(LOGIN_FIRST)
    requested = data if isinstance(data, dict) else {}
    lazy = any(isinstance(v, list) and v for v in requested.values())
    datasets = await (_lazy(ctx, LazyLookup.model_validate(requested)) if lazy
                      else _initial(ctx, set(requested)))  # fmt: skip
    for collection, items in datasets.items():
        for start in range(0, max(len(items), 1), BATCH):
            batch = {item["_id"]: item for item in items[start : start + BATCH]}
            await ctx.client.publish(CHANNEL, {collection: batch})
    return {"tot": len(datasets)}


async def _initial(ctx: CallContext, streams: set[str]) -> dict[str, list[dict[str, Any]]]:
    principal = ctx.principal
    assert principal is not None
    allowed = perm.subscribed_streams(principal)
    wanted = (streams or allowed) & allowed
    loaders: dict[str, Callable[[], Any]] = {
        "preventivi": lambda: _rows(ctx, m.Quote, quote_payload, principal),
        "polizze": lambda: _rows(ctx, m.Policy, policy_payload, principal),
        "usr": lambda: _users(ctx, principal),
    }
    return {name: await loaders[name]() for name in sorted(wanted) if name in loaders}


async def _rows(
    ctx: CallContext, model: Any, serialize: Callable[[Any], dict[str, Any]], who: Principal
) -> list[dict[str, Any]]:
    rows = await ctx.session.execute(select(model).where(in_agent_tree(who, model)))
    return [serialize(row) for row in rows.scalars()]


async def _users(
    ctx: CallContext, who: Principal, ids: Iterable[str] | None = None
) -> list[dict[str, Any]]:
    stmt = select(m.User)
    if ids is not None:
        stmt = stmt.where(m.User.id.in_(list(ids)))
    users = (await ctx.session.execute(stmt)).scalars()
    return [user_payload(u) for u in users if perm.user_visible(who, {"_id": u.id, "role": u.role})]


async def _lazy(ctx: CallContext, lookup: LazyLookup) -> dict[str, list[dict[str, Any]]]:
    assert ctx.principal is not None
    found: dict[str, list[dict[str, Any]]] = {}
    if lookup.usr:
        found["usr"] = await _users(ctx, ctx.principal, lookup.usr)
    return found
