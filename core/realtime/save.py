"""``saveData``: field updates from clients, on the streams that accept them.

``{coll, _id, upd: {"$set": {…}}}`` → ``{"modifiedCount": n}``. The stream named ``coll``
must declare a ``save`` handler (its area whitelists fields and roles there); a stream of a
product line is refused like its channel when the line is off or not the user's.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.errors import ClientError
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import strict

NOT_SAVABLE = "Collezione non modificabile: {coll}"


class SetOnly(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    set: dict[str, Any] = Field(alias="$set", min_length=1, max_length=10)


class SaveBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    coll: str = Field(max_length=40)
    id: str = Field(alias="_id", min_length=1, max_length=32)
    upd: SetOnly


async def save_data(ctx: CallContext, data: Any) -> dict[str, int]:
    principal = logged_in(ctx)
    body = strict(SaveBody, data)
    publication = ctx.host.publications.get(body.coll)
    if publication is None or publication.save is None:
        raise ClientError(NOT_SAVABLE.format(coll=body.coll[:40]))
    if publication.product is not None:
        await ctx.host.lines.require(ctx.session, ctx.tenant.id, principal, publication.product)
    modified = await publication.save(ctx, principal, body.id, body.upd.set)
    return {"modifiedCount": modified}
