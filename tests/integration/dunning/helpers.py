"""Demo policies made to owe: every instalment paid on its day, then the chosen ones unpaid
with a due date, an amount and the customer's e-mail the test sets."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from secrets import token_hex
from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import ROME
from core.runtime import Runtime
from core.testing import user_ids

TENANT = "assicurapp"
EMAIL = "cliente.sollecito@example.it"


async def all_paid(runtime: Runtime, tenant: str = TENANT) -> None:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            for rate in (await session.execute(select(m.Instalment))).scalars():
                day = rate.cassa_date or date(2020, 1, 1)
                rate.paid, rate.paid_at = True, datetime.combine(day, time(10), tzinfo=ROME)


async def policies_of(
    runtime: Runtime, who: str, count: int = 6, tenant: str = TENANT
) -> list[str]:
    """``count`` new policies of demo user ``who`` (the tree of one of theirs), each with two
    monthly instalments on 14/01 (paid) and 14/02/2026 (unpaid until :func:`owe` moves it)."""
    agent = (await user_ids(runtime, tenant))[who]
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Policy).where(m.Policy.agent_id == agent).order_by(m.Policy.id)
            model = (await session.execute(stmt)).scalars().first()
            assert model is not None, who
            made = []
            for n in range(count):
                policy = m.Policy(
                    company="Allianz", number=f"SOLL-{token_hex(4)}", start_date=date(2026, 1, 14),
                    end_date=date(2027, 1, 14), frequency="MEN", premium=Decimal("1481.40"),
                    agent_id=model.agent_id, parent_agent_id=model.parent_agent_id,
                    pr={"usrData": [{"_id": "Nome", "value": "Laura"},
                                    {"_id": "Cognome", "value": f"Bianchi {n}"}]},
                    instalments=[
                        m.Instalment(number=1, cassa_date=date(2026, 1, 14), total=Decimal(100),
                                     paid=True, paid_at=datetime(2026, 1, 14, 10, tzinfo=ROME)),
                        m.Instalment(number=2, cassa_date=date(2026, 2, 14), total=Decimal(100),
                                     paid=True, paid_at=datetime(2026, 2, 14, 10, tzinfo=ROME)),
                    ],
                )  # fmt: skip
                session.add(policy)
                await session.flush()
                made.append(policy.id)
            return made


async def owe(
    runtime: Runtime, policy_id: str, number: int, due: date, *, total: str = "123.45",
    email: str | None = EMAIL, info: dict[str, Any] | None = None, tenant: str = TENANT,
) -> str:  # fmt: skip
    """Make instalment ``number`` of the policy unpaid, due on ``due``; its id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            policy = await session.get(m.Policy, policy_id)
            assert policy is not None
            entries = [
                e for e in (policy.pr or {}).get("usrData") or []
                if str(e.get("_id", "")).lower() not in ("email", "mail", "e-mail")
            ]  # fmt: skip
            if email:
                entries.append({"_id": "email", "value": email})
            policy.pr = {**(policy.pr or {}), "usrData": entries}
            rate = next(r for r in policy.instalments if r.number == number)
            rate.cassa_date, rate.total = due, Decimal(total)
            rate.paid, rate.paid_at, rate.info = False, None, info or {}
            return rate.id


async def outbox(runtime: Runtime, tenant: str = TENANT) -> list[m.OutboxMail]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.OutboxMail).where(m.OutboxMail.purpose == "sollecito")
            return list((await session.execute(stmt.order_by(m.OutboxMail.at))).scalars())


async def marks(runtime: Runtime, tenant: str = TENANT) -> list[tuple[str, int | None]]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.DunningReminder.instalment_id, m.DunningReminder.offset_days)
            return sorted(((r[0], r[1]) for r in await session.execute(stmt)), key=str)
