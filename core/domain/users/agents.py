"""``/Agenti``: the agents a user may see, each with its parent and its quotes and policies
counts (the tree itself is drawn from the live users stream)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.errors import Forbidden
from core.messages import NOT_FOR_YOUR_ROLE


def sees_agents(principal: Principal) -> bool:
    """The agents' overview opens from the users' list: those who see users (SPEC §6, admin
    and employee), as the shell's route for it."""
    return perm.sees_users(principal)


async def _counts(session: AsyncSession, model: type[m.Quote] | type[m.Policy]) -> dict[str, int]:
    rows = await session.execute(
        select(model.agent_id, func.count()).where(model.agent_id.is_not(None))
        .group_by(model.agent_id)
    )  # fmt: skip
    return {str(agent): int(count) for agent, count in rows.all()}


async def agents_overview(session: AsyncSession, principal: Principal) -> list[dict[str, Any]]:
    if not sees_agents(principal):
        raise Forbidden(NOT_FOR_YOUR_ROLE)
    users = (await session.execute(select(m.User).where(m.User.role_key.is_not(None)))).scalars()
    agents = [
        u for u in users
        if isinstance(u.role.get("a"), dict)
        and perm.user_visible(principal, {"_id": u.id, "role": u.role})
    ]  # fmt: skip
    quotes, policies = await _counts(session, m.Quote), await _counts(session, m.Policy)
    return [
        {
            "_id": agent.id,
            "name": agent.name,
            "email": agent.email,
            "aId": agent.parent_agent_id,
            "quotes": quotes.get(agent.id, 0),
            "policies": policies.get(agent.id, 0),
            "suspended": agent.suspended,
        }
        for agent in sorted(agents, key=lambda a: (a.name.lower(), a.email))
    ]
