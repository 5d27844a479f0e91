"""A company's statement imported against a remittance: its lines matched with the period's
collections (:mod:`core.domain.remittances.matching`), stored with their results so that a
person can mark each difference resolved, with a note.

The remittance keeps the count of its latest reconciliation's open differences (its stream
carries the change); a remittance keeps its :data:`KEEP` latest reconciliations."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import get_for_update
from core.db.types import utcnow
from core.domain.remittances.company_file import read_statement
from core.domain.remittances.figures import EXPORT_ROWS, period_rows
from core.domain.remittances.matching import DIFFERENCES, reconcile
from core.domain.remittances.serialize import line_payload
from core.domain.remittances.service import require_admin, visible
from core.errors import ClientError, NotFound
from core.validation import parse

KEEP = 5
LISTED = 2000
"""Lines a reconciliation lists, differences first (the counts cover them all)."""
LINE_NOT_FOUND = "Riga della riconciliazione non trovata"
NOT_A_DIFFERENCE = "La riga corrisponde: non c'è nessuna differenza da risolvere"
TOO_MANY_ROWS = (
    "Il periodo ha più di {rows} incassi della compagnia: riconcilia un periodo più breve"
)


class ResolveBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    note: str = Field(min_length=1, max_length=500)


async def _open_differences(session: AsyncSession, reconciliation_id: str) -> int:
    stmt = select(func.count(m.ReconciliationLine.id)).where(
        m.ReconciliationLine.reconciliation_id == reconciliation_id,
        m.ReconciliationLine.result.in_(DIFFERENCES),
        m.ReconciliationLine.resolved.is_(False),
    )
    return int((await session.execute(stmt)).scalar_one())


async def _latest(session: AsyncSession, remittance_id: str) -> m.RemittanceReconciliation | None:
    stmt = (
        select(m.RemittanceReconciliation)
        .where(m.RemittanceReconciliation.remittance_id == remittance_id)
        .order_by(m.RemittanceReconciliation.imported_at.desc(), m.RemittanceReconciliation.id)
    )
    return (await session.execute(stmt.limit(1))).scalars().first()


async def payload(session: AsyncSession, found: m.RemittanceReconciliation) -> dict[str, Any]:
    order = (m.ReconciliationLine.result == "ok", m.ReconciliationLine.resolved,
             m.ReconciliationLine.result, m.ReconciliationLine.policy_number,
             m.ReconciliationLine.instalment)  # fmt: skip
    stmt = (
        select(m.ReconciliationLine)
        .where(m.ReconciliationLine.reconciliation_id == found.id)
        .order_by(*order)
        .limit(LISTED + 1)
    )
    lines = list((await session.execute(stmt)).scalars())
    return {
        "_id": found.id, "remittanceId": found.remittance_id, "fileName": found.file_name,
        "importedAt": found.imported_at.isoformat(), "importedBy": found.imported_by,
        "lines": found.lines, "ok": found.ok, "differences": found.differences,
        "open": await _open_differences(session, found.id),
        "items": [line_payload(line) for line in lines[:LISTED]],
        "truncated": len(lines) > LISTED,
    }  # fmt: skip


async def latest(session: AsyncSession, principal: Principal, remittance_id: str) -> dict[str, Any]:
    """The remittance's latest reconciliation, or ``{}`` when none was imported."""
    remittance = await visible(session, principal, remittance_id)
    found = await _latest(session, remittance.id)
    return await payload(session, found) if found is not None else {}


async def _forget_old(session: AsyncSession, remittance_id: str) -> None:
    stmt = (
        select(m.RemittanceReconciliation.id)
        .where(m.RemittanceReconciliation.remittance_id == remittance_id)
        .order_by(m.RemittanceReconciliation.imported_at.desc(), m.RemittanceReconciliation.id)
        .offset(KEEP)
    )
    old = list((await session.execute(stmt)).scalars())
    if old:
        await session.execute(
            delete(m.ReconciliationLine).where(m.ReconciliationLine.reconciliation_id.in_(old))
        )
        await session.execute(
            delete(m.RemittanceReconciliation).where(m.RemittanceReconciliation.id.in_(old))
        )


async def import_statement(
    session: AsyncSession, principal: Principal, remittance_id: str, content: bytes, name: str
) -> dict[str, Any]:
    """Read the company's statement, match it with the period's collections, store it."""
    remittance = await visible(session, principal, remittance_id)
    lines = read_statement(content, name)
    rows, truncated = await period_rows(
        session, remittance.company, remittance.period_from, remittance.period_to, EXPORT_ROWS
    )
    if truncated:
        raise ClientError(TOO_MANY_ROWS.format(rows=f"{EXPORT_ROWS:,}".replace(",", ".")))
    matches = reconcile(rows, lines)
    differences = sum(1 for match in matches if match.result in DIFFERENCES)
    found = m.RemittanceReconciliation(
        remittance_id=remittance.id, file_name=name[:200], imported_by=principal.id,
        lines=len(lines), ok=len(matches) - differences, differences=differences,
    )  # fmt: skip
    session.add(found)
    await session.flush()
    session.add_all(
        m.ReconciliationLine(
            reconciliation_id=found.id, policy_number=match.number[:100],
            instalment=match.instalment,
            statement_lines=", ".join(str(n) for n in match.lines)[:200],
            result=match.result,
            our_gross=match.ours.gross if match.ours else None,
            our_commission=match.ours.commission if match.ours else None,
            their_gross=match.theirs.gross if match.theirs else None,
            their_commission=match.theirs.commission if match.theirs else None,
        )
        for match in matches
    )  # fmt: skip
    await session.flush()
    await _forget_old(session, remittance.id)
    remittance.open_differences = differences
    await session.flush()
    return await payload(session, found)


async def resolve(
    session: AsyncSession, principal: Principal, line_id: str, data: Any
) -> dict[str, Any]:
    """Mark a difference resolved with a note (a resolved one takes a new note)."""
    require_admin(principal)
    body = parse(ResolveBody, data)
    line = await get_for_update(session, m.ReconciliationLine, line_id) if (
        len(line_id) <= 32
    ) else None  # fmt: skip
    if line is None:
        raise NotFound(LINE_NOT_FOUND)
    if line.result not in DIFFERENCES:
        raise ClientError(NOT_A_DIFFERENCE)
    line.resolved, line.note = True, body.note
    line.resolved_by, line.resolved_at = principal.id, utcnow()
    await session.flush()
    found = await session.get(m.RemittanceReconciliation, line.reconciliation_id)
    if found is not None:
        remittance = await get_for_update(session, m.Remittance, found.remittance_id)
        latest_one = await _latest(session, found.remittance_id)
        if remittance is not None and latest_one is not None and latest_one.id == found.id:
            remittance.open_differences = await _open_differences(session, found.id)
            await session.flush()
    return line_payload(line)
