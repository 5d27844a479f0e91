"""The socket twins of ``/api/rimesse``, under the same rules and messages:
``rimesseCifre {company?, from?, to?}``, ``rimesse {company?}``, ``emettiRimessa {company,
from, to}``, ``pagaRimessa {remittanceId, paidOn, method, reference?}``,
``riconciliazioneRimessa {remittanceId}`` and ``risolviDifferenza {lineId, note}``. The
company's statement is uploaded over HTTP only (a file)."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.domain.remittances import reconciliation, service, views
from core.domain.remittances.serialize import remittance_payload
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse

ID = Field(min_length=1, max_length=32)


class FiguresQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    company: str | None = Field(default=None, max_length=100)
    start: date | None = Field(default=None, alias="from")
    end: date | None = Field(default=None, alias="to")


class ListQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")
    company: str | None = Field(default=None, max_length=100)


class Target(BaseModel):
    model_config = ConfigDict(extra="allow")
    remittanceId: str = ID  # noqa: N815 (wire names)


class LineTarget(BaseModel):
    model_config = ConfigDict(extra="allow")
    lineId: str = ID  # noqa: N815


def _rest(data: Any, key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key} if isinstance(data, dict) else {}


async def rimesse_cifre(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    service.require_admin(principal)
    query = parse(FiguresQuery, data or {})
    return await views.figures(ctx.session, principal, query.company, query.start, query.end)


async def rimesse(ctx: CallContext, data: Any) -> list[dict[str, Any]]:
    principal = logged_in(ctx)
    service.require_admin(principal)
    return await views.remittances(ctx.session, principal, parse(ListQuery, data or {}).company)


async def emetti_rimessa(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    return remittance_payload(await service.issue(ctx.session, principal, data))


async def paga_rimessa(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    service.require_admin(principal)
    target = parse(Target, data)
    paid = await service.pay(
        ctx.session, principal, target.remittanceId, _rest(data, "remittanceId")
    )
    return remittance_payload(paid)


async def riconciliazione_rimessa(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    service.require_admin(principal)
    target = parse(Target, data)
    return await reconciliation.latest(ctx.session, principal, target.remittanceId)


async def risolvi_differenza(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    service.require_admin(principal)
    target = parse(LineTarget, data)
    return await reconciliation.resolve(ctx.session, principal, target.lineId,
                                        _rest(data, "lineId"))  # fmt: skip
