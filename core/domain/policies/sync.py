"""The ``polizze`` stream's sync: the policies a user sees, each with its instalments, read in
two statements (policies, then their instalments by the same rule) as stored payloads, or as
plain rows where a stored payload is stale."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import msgspec
from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.stored_payload import keep_payload
from core.domain.policies.serialize import instalment_payload, policy_own_payload, policy_payload
from core.domain.quotes.queries import in_agent_tree
from core.extensions import StoredRecord, SyncRequest
from core.sync_loaders import BOOKKEEPING, CHUNK, fresh_payload, serialized, wire_columns

POLICY_COLUMNS = wire_columns(m.Policy)
INSTALMENT_COLUMNS = wire_columns(
    m.Instalment,
    (*BOOKKEEPING, "id", "created_at", "commission", "parent_total", "referrer_total"),
)
"""What a payload shows of an instalment (the tree's and referrer's shares stay server-side)."""


POLICY_SHAPE, INSTALMENT_SHAPE = 4, 2
"""The versions of ``policy_own_payload``'s and ``instalment_payload``'s shapes: raise one
whenever its shape changes."""

keep_payload(m.Policy, policy_own_payload, POLICY_SHAPE)
keep_payload(m.Instalment, instalment_payload, INSTALMENT_SHAPE)


async def sync_policies(request: SyncRequest) -> list[dict[str, Any] | StoredRecord]:
    """The user's policies (changed since the watermark), as ``policy_payload`` shapes them:
    the stored payloads of a policy and its instalments joined, or, where one is stale,
    built from the rows."""
    where: list[ColumnElement[bool]] = [in_agent_tree(request.principal, m.Policy)]
    if request.since is not None:
        where.append(m.Policy.updated_at > request.since)
    session = request.session
    policies = (
        await session.execute(select(m.Policy.id, fresh_payload(m.Policy)).where(*where))
    ).all()
    if not policies:
        return []
    rates: defaultdict[str, list[str | None]] = defaultdict(list)
    stmt = (
        select(m.Instalment.policy_id, fresh_payload(m.Instalment))
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(*where)
        .order_by(m.Instalment.policy_id, m.Instalment.number)
    )
    for policy_id, text in await session.execute(stmt):
        rates[policy_id].append(text)
    found: list[dict[str, Any] | StoredRecord] = []
    stale: list[str] = []
    for policy_id, text in policies:
        rate = rates.get(policy_id, [])
        fresh = [part for part in rate if part is not None]
        if text is None or len(fresh) < len(rate):
            stale.append(policy_id)
        else:
            joined = f'{text[:-1]},"rate":[{",".join(fresh)}]}}'  # ``rate`` comes last
            found.append(StoredRecord(policy_id, msgspec.Raw(joined)))
    for start in range(0, len(stale), CHUNK):
        ids = m.Policy.id.in_(stale[start : start + CHUNK])
        found.extend(await _built(session, [*where, ids]))
    return found


async def _built(session: AsyncSession, where: list[ColumnElement[bool]]) -> list[dict[str, Any]]:
    """The policies matching ``where``, built from their rows and their instalments'."""
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
