"""The answers of the policy-change calls and routes, shared by HTTP and the socket."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.policies.serialize import policy_payload
from core.domain.policy_changes.bodies import CancellationBody, EndorsementBody
from core.domain.policy_changes.history import history
from core.domain.policy_changes.serialize import change_payload
from core.domain.policy_changes.service import Outcome, cancel, changes_of, endorse
from core.domain.quotes.queries import in_agent_tree
from core.errors import NotFound
from core.messages import POLICY_NOT_FOUND
from core.validation import parse


def _payload(outcome: Outcome) -> dict[str, Any]:
    if not outcome.saved:
        return {"preview": True, "change": change_payload(outcome.change)}
    return {"change": change_payload(outcome.change), "policy": policy_payload(outcome.policy)}


async def endorse_payload(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    return _payload(await endorse(session, principal, parse(EndorsementBody, data)))


async def annul(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    return _payload(await cancel(session, principal, parse(CancellationBody, data)))


async def policy_history(
    session: AsyncSession, principal: Principal, policy_id: str
) -> dict[str, Any]:
    """``{changes, events}`` of a policy ``principal`` sees."""
    stmt = select(m.Policy).where(m.Policy.id == policy_id, in_agent_tree(principal, m.Policy))
    policy = (await session.execute(stmt)).scalar_one_or_none()
    if policy is None:
        raise NotFound(POLICY_NOT_FOUND)
    changes = await changes_of(session, policy.id)
    return {"changes": [change_payload(c) for c in changes], "events": history(policy, changes)}
