"""``prestiti.estinzione {pId, day}``: what closing a quoted practice early on ``day`` would
come to (TUB art. 125-sexies): the principal still owed, each up-front cost refunded pro rata,
and what the customer pays. The first instalment falls a month after the emission request (a
month after today while it is not requested): the practice keeps no disbursement date."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.api import CallContext, ClientError, decimal_or_none, logged_in, parse, rome_day, utcnow
from plugins.prestiti.money.early_repayment import add_months, early_repayment
from plugins.prestiti.practice import NOT_QUOTED, plan_of, visible_loan

INVALID = "Richiesta di estinzione non valida"
UPFRONT = (("Istruttoria", "Spese di istruttoria"), ("Perizia", "Spese di perizia"),
           ("Polizza", "Premio assicurativo"))  # fmt: skip


class EarlyRepaymentAsked(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    day: date


async def early_repayment_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """→ ``{day, paid, remaining, residual, refunds: {name: €}, refund, due}`` (euro as text)."""
    principal = logged_in(ctx)
    body = parse(EarlyRepaymentAsked, data, INVALID)
    quote = await visible_loan(ctx.session, principal, body.pId)
    prodotto = quote.prodotto or {}
    if "Soglia_usura" not in prodotto:
        raise ClientError(NOT_QUOTED)
    requested = quote.emission_requested_at
    start = rome_day(requested) if requested else rome_day(utcnow())
    upfront = {label: decimal_or_none(prodotto.get(key)) or Decimal(0) for key, label in UPFRONT}
    closed = early_repayment(plan_of(prodotto), add_months(start, 1), body.day, upfront)
    return {
        "day": closed.on.isoformat(), "paid": closed.paid, "remaining": closed.remaining_months,
        "residual": str(closed.residual), "refund": str(closed.refund), "due": str(closed.due),
        "refunds": {name: str(value) for name, value in closed.refunds.items()},
    }  # fmt: skip
