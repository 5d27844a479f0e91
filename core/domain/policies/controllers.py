"""``GET /api/polizze``, ``GET /api/polizze/alert-count`` and ``GET /api/polizze/{id}``:
policies over HTTP by the agent-tree rule the ``polizze`` stream applies."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import get, put
from litestar.params import FromPath, JSONBody, QueryParameter
from sqlalchemy import select

from core import permissions as perm
from core.db import models as m
from core.domain.policies.payments import update_instalment
from core.domain.policies.queries import alert_count, policies_page
from core.domain.policies.serialize import policy_payload
from core.domain.quotes.queries import in_agent_tree
from core.errors import NotFound
from core.guards import require
from core.http.deps import PrincipalDep, SessionDep
from core.i18n import today_in_rome
from core.messages import POLICY_NOT_FOUND

MAX_LIMIT = 1000


@get("/api/polizze", summary="Policies the user may see, by end date", tags=["policies"])
async def policies_list(
    principal: PrincipalDep,
    db_session: SessionDep,
    search: Annotated[str | None, QueryParameter(name="q", max_length=100)] = None,
    company: Annotated[str | None, QueryParameter(max_length=100)] = None,
    expiring: Annotated[bool, QueryParameter()] = False,
    unpaid: Annotated[bool, QueryParameter()] = False,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)] = 200,
) -> list[dict[str, Any]]:
    """Searched by customer, number, plate or fiscal code; ``expiring`` within 16 days;
    ``unpaid`` with an unpaid instalment."""
    require(perm.sees_work, principal)
    policies = await policies_page(
        db_session, principal, search=search, company=company, expiring=expiring,
        unpaid=unpaid, limit=limit, today=today_in_rome(),
    )  # fmt: skip
    return [policy_payload(policy) for policy in policies]


@get(
    "/api/polizze/alert-count", summary="The Polizze chip: ending within 16 days", tags=["policies"]
)
async def policies_alert_count(principal: PrincipalDep, db_session: SessionDep) -> dict[str, int]:
    require(perm.sees_work, principal)
    return {"count": await alert_count(db_session, principal, today_in_rome())}


@get("/api/polizze/{policy_id:str}", summary="One policy", tags=["policies"])
async def policy_detail(
    policy_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    require(perm.sees_work, principal)
    stmt = select(m.Policy).where(m.Policy.id == policy_id, in_agent_tree(principal, m.Policy))
    policy = (await db_session.execute(stmt)).scalar_one_or_none()
    if policy is None:
        raise NotFound(POLICY_NOT_FOUND)
    return policy_payload(policy)


@put(
    "/api/polizze/{policy_id:str}/rate/{n:int}",
    summary="Mark an instalment paid, unpaid, suspended or active (admins)",
    tags=["policies"],
)
async def instalment_update(
    policy_id: FromPath[str],
    n: FromPath[int],
    data: JSONBody[dict[str, Any]],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """The HTTP twin of ``aggiornaRata``: ``{action, date?, method?}``."""
    return await update_instalment(db_session, principal, {**data, "policyId": policy_id, "n": n})
