"""Demo claims on the demo policies: one the customer just reported through the link (waiting
on the office, its report due in days) and one the office has taken up with the company."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from sqlalchemy import select

from core.db import models as m
from core.db.types import utcnow
from core.domain.claims.service import Counterparty, Facts, new_claim
from core.extensions import DemoContext
from core.i18n import today_in_rome


async def seed_claims(ctx: DemoContext) -> None:
    """Idempotent: a tenant with claims, or without policies in cover, is left alone."""
    session = ctx.session
    if (await session.execute(select(m.Claim.id).limit(1))).first():
        return
    today = today_in_rome()
    stmt = (
        select(m.Policy)
        .where(m.Policy.start_date <= today - timedelta(days=30), m.Policy.end_date >= today)
        .order_by(m.Policy.end_date)
    )
    policies = list((await session.execute(stmt)).scalars())
    if len(policies) < 2:
        return
    reported = Facts(
        eventDate=today - timedelta(days=1), place="Roma, via Tiburtina 120",
        description="Tamponamento in coda al semaforo: paraurti posteriore e portellone",
        counterparties=[Counterparty(name="Marco Neri", plate="FG321HJ",
                                     vehicle="Volkswagen Golf", company="UnipolSai")],
    )  # fmt: skip
    waiting = new_claim(policies[0], reported, "cliente", None)
    taken_facts = Facts(
        eventDate=today - timedelta(days=20), place="Milano, parcheggio di via Ripamonti",
        description="Urto in manovra contro un veicolo in sosta", counterparties=[],
    )  # fmt: skip
    taken = new_claim(policies[1], taken_facts, "agente", ctx.accounts["agente"])
    taken.company_claim_number = "SIN-2026-004512"
    taken.reported_on = today - timedelta(days=19)
    taken.status = "in_istruttoria"
    taken.responsibility = "principale"
    taken.reserve = Decimal("2350.00")
    taken.history = [
        *taken.history,
        {"status": "in_istruttoria", "at": utcnow().isoformat(), "by": ctx.accounts["admin"]},
    ]
    session.add_all([waiting, taken])
    await session.flush()
