"""``GET /api/polizze/insolute``: the instalments unpaid past their due date, each with its
policy's cover now (art. 1901 c.c., :mod:`core.domain.policies.cover`): in cover with the
hours left before the suspension, suspended since when, or six months unpaid."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from litestar import get
from litestar.params import QueryParameter
from sqlalchemy import select

from core import permissions as perm
from core.db import models as m
from core.db.types import utcnow
from core.domain.clients.derive import record_customer
from core.domain.policies.cover import STATUS_LABELS, cover_at, dues_of
from core.domain.quotes.queries import in_agent_tree
from core.guards import require
from core.http.deps import PrincipalDep, SessionDep
from core.i18n import ROME
from core.money import as_number

MAX_LIMIT = 1000


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


def overdue_rows(policies: list[m.Policy], now: datetime) -> list[dict[str, Any]]:
    """One row per unpaid instalment already due, oldest due date first."""
    today = now.astimezone(ROME).date()
    rows = []
    for policy in policies:
        cover = cover_at(dues_of(policy.instalments), now)
        customer = record_customer(policy)
        for rate in policy.instalments:
            if rate.paid or rate.cassa_date is None or rate.cassa_date > today:
                continue
            if (rate.info or {}).get("SOSP") or (rate.info or {}).get("kind"):
                continue  # set aside, or a policy change's receipt: not a premium due
            rows.append({
                "policyId": policy.id, "number": policy.number, "company": policy.company,
                "customer": customer.name if customer else "", "aId": policy.agent_id,
                "n": rate.number, "due": rate.cassa_date.isoformat(), "tot": as_number(rate.total),
                "daysOverdue": (today - rate.cassa_date).days,
                "cover": cover.status, "coverLabel": STATUS_LABELS[cover.status],
                "suspendedSince": _iso(cover.since), "suspendsAt": _iso(cover.until)
                if cover.status == "in_copertura" else None,
                "resumesAt": _iso(cover.until) if cover.status == "sospesa" else None,
                "hoursLeft": cover.hours_left(now),
            })  # fmt: skip
    return sorted(rows, key=lambda row: (row["due"], row["policyId"], row["n"]))


@get(
    "/api/polizze/insolute",
    summary="Instalments unpaid past their due date, with the policy's cover (art. 1901 c.c.)",
    tags=["policies"],
)
async def overdue_instalments(
    principal: PrincipalDep,
    db_session: SessionDep,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)] = 200,
) -> list[dict[str, Any]]:
    require(perm.sees_work, principal)
    now = utcnow()
    today = now.astimezone(ROME).date()
    # the oldest overdue instalments first, those set aside and the policy changes' receipts
    # (``info.kind``) skipped, until ``limit``
    late = (
        select(m.Instalment.policy_id, m.Instalment.info)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(
            m.Instalment.paid.is_(False), m.Instalment.cassa_date <= today,
            in_agent_tree(principal, m.Policy),
        )
        .order_by(m.Instalment.cassa_date, m.Instalment.policy_id, m.Instalment.number)
        .execution_options(yield_per=500)
    )  # fmt: skip
    wanted: dict[str, None] = {}
    counted = 0
    found = await db_session.stream(late)
    async for policy_id, info in found:
        if (info or {}).get("SOSP") or (info or {}).get("kind"):
            continue
        wanted.setdefault(policy_id)
        counted += 1
        if counted >= limit:
            break
    await found.close()
    if not wanted:
        return []
    stmt = select(m.Policy).where(m.Policy.id.in_(list(wanted)))
    policies = list((await db_session.execute(stmt)).scalars())
    return overdue_rows(policies, now)[:limit]
