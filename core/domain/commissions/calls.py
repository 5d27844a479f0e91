"""The socket twins of ``/api/saldo``: ``saldoCollaboratore`` and ``registraMovimento``."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.domain.commissions.balance import add_entry, read_balance
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse


class BalanceQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    userId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    start: date | None = Field(default=None, alias="from")
    end: date | None = Field(default=None, alias="to")


class EntryCall(BaseModel):
    model_config = ConfigDict(extra="allow")
    userId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)


async def saldo_collaboratore(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    query = parse(BalanceQuery, data)
    return await read_balance(ctx.session, principal, query.userId, query.start, query.end)


async def registra_movimento(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    call = parse(EntryCall, data)
    body = {k: v for k, v in (data or {}).items() if k != "userId"}
    return await add_entry(ctx.session, principal, call.userId, body)
