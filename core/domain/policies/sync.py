"""The ``polizze`` stream's sync: the policies a user sees, each with its instalments, read as
plain rows in two statements (policies, then their instalments by the same rule)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import ColumnElement, select

from core.db import models as m
from core.domain.policies.serialize import policy_payload
from core.domain.quotes.queries import in_agent_tree
from core.extensions import SyncRequest
from core.sync_loaders import BOOKKEEPING, serialized, wire_columns

POLICY_COLUMNS = wire_columns(m.Policy)
INSTALMENT_COLUMNS = wire_columns(
    m.Instalment,
    (*BOOKKEEPING, "id", "created_at", "commission", "parent_total", "referrer_total"),
)
"""What a payload shows of an instalment (the tree's and referrer's shares stay server-side)."""


async def sync_policies(request: SyncRequest) -> list[dict[str, Any]]:
    """The user's policies (changed since the watermark), as ``policy_payload`` shapes them."""
    where: list[ColumnElement[bool]] = [in_agent_tree(request.principal, m.Policy)]
    if request.since is not None:
        where.append(m.Policy.updated_at > request.since)
    session = request.session
    policies = (await session.execute(select(*POLICY_COLUMNS).where(*where))).all()
    instalments: defaultdict[str, list[Any]] = defaultdict(list)
    if policies:
        stmt = (
            select(*INSTALMENT_COLUMNS)
            .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
            .where(*where)
            .order_by(m.Instalment.policy_id, m.Instalment.number)
        )
        for row in await session.execute(stmt):
            instalments[row.policy_id].append(row)
    return await serialized(policies, lambda row: policy_payload(row, instalments.get(row.id, ())))
