"""Product lines' commissions kept as rows (``line_commissions``), in step with their quotes.

Each flush notes the line quotes it touched. Before the transaction commits
(:attr:`core.db.engine.Database.before_commit`), each touched quote's line is asked what the
quote now earns (its ``quote_commissions`` hook) and the quote's rows are brought in line:
changed in place, added or removed, so the monthly summary
(:mod:`core.domain.commissions.summary`) takes the differences as it takes an instalment's.
The collaborator's balance gets a credit for each item newly collected and a reversal for each
one no longer collected (:func:`core.domain.commissions.ledger.match`).

A line that fails refuses the change to its own users (:class:`core.line_hooks.LineFailed`):
no practice is saved with figures out of step. The quotes of a line that is not installed
keep their rows: what was earned stays in the report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

import pluggy
import structlog
from sqlalchemy import event, exists, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from core.context import tenant_scope
from core.db import models as m
from core.db.tenancy import TenantSession
from core.domain.commissions.ledger import CREDIT, REVERSAL, Due, Source, match
from core.extensions import CommissionItem
from core.line_hooks import LINE_FAILED, LineFailed, call_for_line
from core.plugins import line_owners

log = structlog.get_logger(__name__)

TOUCHED = "sportello.line_quotes"
CENT = Decimal("0.01")
MAX_AMOUNT = Decimal("9999999999.99")
"""What ``Numeric(12, 2)`` holds."""
MAX_ITEMS = 500
"""Items one quote may earn: a line answering more is failing."""


@event.listens_for(TenantSession, "after_flush")
def _note(session: Session, _ctx: Any) -> None:
    """Remember the product lines' quotes this flush wrote or deleted."""
    touched = {
        obj.id for obj in (*session.new, *session.dirty, *session.deleted)
        if isinstance(obj, m.Quote) and obj.type
    }  # fmt: skip
    if touched:
        session.info.setdefault(TOUCHED, set()).update(touched)


def keeper(pm: pluggy.PluginManager) -> Callable[[AsyncSession], Any]:
    """The ``before_commit`` step that keeps the touched quotes' rows (see the module)."""

    async def keep_line_commissions(session: AsyncSession) -> None:
        await session.flush()
        touched: set[str] = session.sync_session.info.pop(TOUCHED, set())
        if touched:
            await keep(session, pm, sorted(touched))
            await session.flush()  # the rows' differences reach the summary in this commit

    return keep_line_commissions


async def keep(session: AsyncSession, pm: pluggy.PluginManager, quote_ids: Sequence[str]) -> None:
    """Bring the rows and credits of ``quote_ids`` in line with what their lines answer."""
    lines = line_owners(pm)
    for quote_id in quote_ids:
        quote = await session.get(m.Quote, quote_id)
        if quote is None:
            await _write(session, quote_id, None, [], "")
            continue
        if quote.type not in lines:
            continue  # a line that is not installed: its rows stay as they were
        name = lines[quote.type][1].name
        items = await _asked(pm, session, quote, name)
        await _write(session, quote_id, quote, items, name)


async def _asked(
    pm: pluggy.PluginManager, session: AsyncSession, quote: m.Quote, name: str
) -> list[CommissionItem]:
    savepoint = await session.begin_nested()  # its failed statements undo only this
    try:
        answers = await call_for_line(
            pm, "quote_commissions", quote.type, session=session, quote=quote, line=quote.type
        )
    finally:
        await savepoint.rollback()  # the hook only reads: nothing of it is to be kept
    items = [item for answer in answers for item in answer]
    if len(items) > MAX_ITEMS or not all(isinstance(item, CommissionItem) for item in items):
        log.error("line.commissions_invalid", line=quote.type, quote=quote.id, items=len(items))
        raise LineFailed(LINE_FAILED.format(name=name))
    return items


def _money(value: object, line: str, name: str) -> Decimal:
    try:
        amount = Decimal(str(value)).quantize(CENT, ROUND_HALF_UP)
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite() or abs(amount) > MAX_AMOUNT:
        log.error("line.commission_amount_invalid", line=line, value=str(value)[:40])
        raise LineFailed(LINE_FAILED.format(name=name))
    return amount


def _columns(quote: m.Quote, item: CommissionItem, name: str) -> dict[str, Any]:
    line = quote.type or ""
    return {
        "day": item.day, "agent_id": item.agent_id, "parent_agent_id": item.parent_agent_id,
        "referrer_id": None, "company": (item.company or None) and item.company[:100],
        "product_id": quote.product_id, "product": item.product[:100],
        "commission": _money(item.commission, line, name),
        "agent_total": _money(item.agent, line, name),
        "parent_total": Decimal("0.00"), "referrer_total": Decimal("0.00"),
        "paid": bool(item.collected), "link": dict(item.link),
    }  # fmt: skip


async def _write(
    session: AsyncSession, quote_id: str, quote: m.Quote | None,
    items: Sequence[CommissionItem], name: str,
) -> None:  # fmt: skip
    """Change, add and remove ``quote_id``'s rows to match ``items`` (``name``: the line's)."""
    stmt = select(m.LineCommission).where(m.LineCommission.quote_id == quote_id)
    rows = {row.seq: row for row in (await session.execute(stmt)).scalars()}
    kept: list[m.LineCommission] = []
    for seq, item in enumerate(items):
        assert quote is not None
        columns = _columns(quote, item, name)
        row = rows.pop(seq, None)
        if row is None:
            row = m.LineCommission(
                tenant_id=quote.tenant_id, line=quote.type, quote_id=quote_id, seq=seq, **columns
            )
            session.add(row)
        else:
            for column, value in columns.items():
                if getattr(row, column) != value:
                    setattr(row, column, value)
        kept.append(row)
    for row in rows.values():
        await session.delete(row)
    tenant = quote.tenant_id if quote is not None else None
    await _settle(session, quote_id, tenant, kept)


def _label(row: m.LineCommission) -> str:
    return f"Provvigione pratica {row.product} del {row.day.strftime('%d/%m/%Y')}"


async def _settle(
    session: AsyncSession, quote_id: str, tenant_id: str | None, rows: Sequence[m.LineCommission]
) -> None:
    """Credit the collaborator (the top-level agent of the practice's tree) for each collected
    item, and reverse the credits of items no longer collected or no longer there."""
    stmt = select(m.BalanceEntry).where(
        m.BalanceEntry.quote_id == quote_id, m.BalanceEntry.kind.in_((CREDIT, REVERSAL))
    )
    posted = list((await session.execute(stmt)).scalars())
    if not rows and not posted:
        return
    due: list[Due] = []
    for row in rows:
        collaborator = row.parent_agent_id or row.agent_id
        if collaborator:
            gross = row.agent_total + row.parent_total
            due.append(Due(f"{quote_id}.{row.seq}", None, row.paid, collaborator, gross,
                           _label(row), None))  # fmt: skip
    current = {(d.item_id, d.user_id) for d in due}
    for entry in posted:  # credits of items gone, or now another collaborator's
        item_id = (entry.posting_key or "").split(":")[1:2]
        if item_id and (item_id[0], entry.user_id) not in current:
            due.append(Due(item_id[0], None, False, entry.user_id, Decimal(0), "", None))
            current.add((item_id[0], entry.user_id))
    tenant = tenant_id or (posted[0].tenant_id if posted else "")
    await match(session, due, posted, Source(tenant, quote_id=quote_id))


async def backfill(
    sessions: Callable[[], Any], pm: pluggy.PluginManager, tenant_ids: Sequence[str]
) -> int:
    """Keep the rows of every installed line's quote that has none yet and whose emission was
    requested (practices written before the rows were kept); how many quotes were asked."""
    lines = list(line_owners(pm))
    if not lines:
        return 0
    asked = 0
    for tenant_id in tenant_ids:
        with tenant_scope(tenant_id):
            async with sessions() as session:
                has_rows = exists().where(m.LineCommission.quote_id == m.Quote.id)
                stmt = select(m.Quote.id).where(
                    m.Quote.type.in_(lines), m.Quote.emission_requested_at.is_not(None), ~has_rows
                )
                ids = list((await session.execute(stmt)).scalars())
                if ids:
                    await keep(session, pm, ids)
                    asked += len(ids)
    return asked
