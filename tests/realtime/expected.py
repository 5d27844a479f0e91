"""What each demo account may see, written out as the spec states it (SPEC §6), not taken
from the production rules: the tests that compare a client's data with the database use
this, so a bug in ``core.permissions`` cannot hide behind itself.

* admin, responsabile: every quote, policy and user of the tenant;
* agente (a top agent): its own records and its sub-agents' (``agId`` is itself); itself
  and its sub-agents among users;
* subagente: its own records; itself;
* segnalatore: the records of the agents it refers (agente); itself and those agents;
* dipendente: no records; every user.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.serialize import policy_payload
from core.domain.quotes.serialize import quote_payload
from core.domain.users.serialize import user_payload
from core.runtime import Runtime

SEES_EVERYTHING = frozenset({"admin", "responsabile"})


def sees_record(account: str, ids: dict[str, str], record: m.Quote | m.Policy) -> bool:
    if account in SEES_EVERYTHING:
        return True
    if account == "agente":
        return ids["agente"] in (record.agent_id, record.parent_agent_id)
    if account == "subagente":
        return record.agent_id == ids["subagente"]
    if account == "segnalatore":
        return record.agent_id == ids["agente"]
    return False  # dipendente


def sees_user(account: str, ids: dict[str, str], user: m.User) -> bool:
    if account in SEES_EVERYTHING or account == "dipendente":
        return True
    if user.id == ids[account]:
        return True
    if account == "agente":
        return user.parent_agent_id == ids["agente"]
    if account == "segnalatore":
        return user.id == ids["agente"]
    return False


async def expected_collections(runtime: Runtime, tenant: str, account: str) -> dict[str, Any]:
    """``{preventivi, polizze, usr}`` as ``account`` must hold them, from the database."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars().all()
            ids = {u.email.split("@")[0]: u.id for u in users}
            quotes = (await session.execute(select(m.Quote))).scalars().all()
            policies = (await session.execute(select(m.Policy))).scalars().all()
            return {
                "preventivi": {
                    q.id: quote_payload(q) for q in quotes if sees_record(account, ids, q)
                },
                "polizze": {
                    p.id: policy_payload(p) for p in policies if sees_record(account, ids, p)
                },
                "usr": {u.id: user_payload(u) for u in users if sees_user(account, ids, u)},
            }
