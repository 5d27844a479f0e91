"""The socket twins of the money routes; the same rules and messages as over HTTP.

``reportProvvigioni {from?, to?, agentId?}``, ``provvigioniAgente {agentId, from?, to?}``,
``saldoCollaboratore {userId, from?, to?}``, ``saldiCollaboratori {}`` (admins),
``registraMovimento {userId, kind, amount, reason, requestId}``, ``profiloFiscale {userId}``,
``salvaProfiloFiscale {userId, base, rate?, taxCode?, vatNumber?, iban?}``, ``cassa {from?,
to?}`` and ``chiudiCassa {day}``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.domain.commissions import cash
from core.domain.commissions.balance import (
    add_entry,
    balances_overview,
    checked_range,
    read_balance,
)
from core.domain.commissions.lines import agent_lines
from core.domain.commissions.report import report_payload
from core.domain.commissions.tax_profile import read_profile, save_profile
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse

USER_ID = Field(min_length=1, max_length=32)


class Range(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    start: date | None = Field(default=None, alias="from")
    end: date | None = Field(default=None, alias="to")


class ReportQuery(Range):
    agentId: str | None = Field(default=None, min_length=1, max_length=32)  # noqa: N815 (wire name)


class AgentQuery(Range):
    agentId: str = USER_ID  # noqa: N815 (wire name)


class BalanceQuery(Range):
    userId: str = USER_ID  # noqa: N815 (wire name)


class EntryCall(BaseModel):
    model_config = ConfigDict(extra="allow")
    userId: str = USER_ID  # noqa: N815 (wire name)


class DayCall(BaseModel):
    model_config = ConfigDict(extra="forbid")
    day: date


async def report_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    query = parse(ReportQuery, data or {})
    first, last = checked_range(query.start, query.end)
    return await report_payload(ctx.session, principal, first, last, query.agentId)


async def agent_lines_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    query = parse(AgentQuery, data)
    first, last = checked_range(query.start, query.end)
    return await agent_lines(ctx.session, principal, query.agentId, first, last)


async def saldo_collaboratore(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    query = parse(BalanceQuery, data)
    return await read_balance(ctx.session, principal, query.userId, query.start, query.end)


async def saldi_collaboratori(ctx: CallContext, data: Any) -> dict[str, Any]:
    return await balances_overview(ctx.session, logged_in(ctx))


class ProfileQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")
    userId: str = USER_ID  # noqa: N815 (wire name)


async def profilo_fiscale(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    return await read_profile(ctx.session, principal, parse(ProfileQuery, data).userId)


async def salva_profilo_fiscale(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    call = parse(EntryCall, data)
    body = {k: v for k, v in (data or {}).items() if k != "userId"}
    return await save_profile(ctx.session, principal, call.userId, body)


async def registra_movimento(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    call = parse(EntryCall, data)
    body = {k: v for k, v in (data or {}).items() if k != "userId"}
    return await add_entry(ctx.session, principal, call.userId, body)


async def cash_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    query = parse(Range, data or {})
    return await cash.cash_sheet(ctx.session, principal, query.start, query.end)


async def close_day_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    return await cash.close_day(ctx.session, principal, parse(DayCall, data).day)
