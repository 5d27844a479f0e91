"""The report's monthly summary (``commission_months``), kept in step with every commit.

Each commission item (an instalment by its cassa date, a single-payment policy by its start
date, a product line's kept item by its day) adds its amounts, in cents, to the row of its
month, beneficiaries, company, product and paid state. At each flush the policies and the
line items it touched are compared before and after, and the differences are kept; as the
transaction commits they are written in one upsert, in key order (so two commits never wait
on each other's rows in opposite orders). A savepoint rolled back takes its differences with
it; a rolled-back transaction writes none.

:func:`rebuild` recomputes a tenant's summary from the rows themselves: for data loaded
around the ORM, and as the reference the tests compare the kept summary with.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import Date, String, cast, delete, event, func, insert, literal, select, union_all
from sqlalchemy import inspect as inspect_state
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, SessionTransaction
from sqlalchemy.sql.elements import ColumnElement

from core.context import current_tenant_id
from core.db import models as m
from core.db.changes import within
from core.db.tenancy import TenantSession

KEY = ("month", "agent_id", "parent_agent_id", "referrer_id", "company", "product_id", "paid")
AMOUNTS = ("commission", "agent", "parent", "referrer")
STORED = ("commission", "agent_total", "parent_total", "referrer_total")
"""The item's columns behind :data:`AMOUNTS`, on instalments and policies alike."""

Key = tuple[str, date, str, str, str, str, str, bool]
"""The tenant, then :data:`KEY`."""
Sums = list[int]
"""Items, then :data:`AMOUNTS` in cents."""
Read = Callable[[Any, str], Any]
NAMED = tuple(zip(STORED, AMOUNTS, strict=True))

_PENDING = "sportello.commission_months"
BATCH = 500
"""Rows per upsert statement."""


def month_of(day: date) -> date:
    return day.replace(day=1)


def _now(obj: Any, attr: str) -> Any:
    return getattr(obj, attr)


def _was(obj: Any, attr: str) -> Any:
    """The value before the flush's changes."""
    history = inspect_state(obj).attrs[attr].history
    return history.deleted[0] if history.deleted else getattr(obj, attr)


def _cents(value: Decimal | float | None) -> int:
    return int((Decimal(str(value or 0)) * 100).quantize(Decimal(1), ROUND_HALF_UP))


def _items(
    policy: m.Policy, instalments: Iterable[m.Instalment], read: Read
) -> Iterator[tuple[Key, Sums]]:
    """The items of ``policy`` and ``instalments`` as ``read`` sees their values."""
    who = tuple(read(policy, k) or "" for k in KEY[1:6])
    tenant = read(policy, "tenant_id")
    sources: list[tuple[Any, Any]] = [(rata, read(rata, "cassa_date")) for rata in instalments]
    if read(policy, "frequency") == "UNICO":
        sources.append((policy, read(policy, "start_date")))
    for source, day in sources:
        if day is None:
            continue
        key = (tenant, month_of(day), *who, bool(read(source, "paid")))
        yield key, [1, *(_cents(read(source, column)) for column in STORED)]


def _line_item(row: m.LineCommission, read: Read) -> tuple[Key, Sums]:
    """A product line's kept item (:mod:`.line_keeper`) as ``read`` sees its values."""
    who = tuple(read(row, k) or "" for k in KEY[1:6])
    key = (read(row, "tenant_id"), month_of(read(row, "day")), *who, bool(read(row, "paid")))
    return key, [1, *(_cents(read(row, column)) for column in STORED)]


def _members(policy: m.Policy, before: bool) -> list[m.Instalment]:
    """The policy's instalments before or after the flush."""
    history = inspect_state(policy).attrs["instalments"].history
    if not history.has_changes():
        return list(policy.instalments)
    if before:
        return [*history.unchanged, *history.deleted]
    return [*history.unchanged, *history.added]


def _difference(session: Session) -> dict[Key, Sums]:
    touched: dict[int, m.Policy] = {}
    new, deleted = session.new, session.deleted  # each a new set per read: read once
    for obj in (*new, *session.dirty, *deleted):
        if isinstance(obj, m.Policy):
            touched[id(obj)] = obj
        elif isinstance(obj, m.Instalment):
            policy = obj.policy or _was(obj, "policy")
            if policy is None and obj.policy_id:
                policy = session.get(m.Policy, obj.policy_id)
            if policy is not None:
                touched[id(policy)] = policy
    delta: dict[Key, Sums] = defaultdict(lambda: [0] * (1 + len(AMOUNTS)))
    for obj in (*new, *session.dirty, *deleted):
        if not isinstance(obj, m.LineCommission):
            continue
        if obj not in new:
            key, sums = _line_item(obj, _was)
            delta[key] = [a - b for a, b in zip(delta[key], sums, strict=True)]
        if obj not in deleted:
            key, sums = _line_item(obj, _now)
            delta[key] = [a + b for a, b in zip(delta[key], sums, strict=True)]
    for policy in touched.values():
        if policy not in new:
            gone = [r for r in deleted if isinstance(r, m.Instalment)
                    and r.policy_id == policy.id]  # fmt: skip
            before = {id(r): r for r in (*_members(policy, True), *gone) if r not in new}
            for key, sums in _items(policy, before.values(), _was):
                delta[key] = [a - b for a, b in zip(delta[key], sums, strict=True)]
        if policy not in deleted:
            after = [r for r in _members(policy, False) if r not in deleted]
            for key, sums in _items(policy, after, _now):
                delta[key] = [a + b for a, b in zip(delta[key], sums, strict=True)]
    return {key: sums for key, sums in delta.items() if any(sums)}


def keep_loaded(session: Session, policies: Iterable[tuple[Any, Iterable[Any]]]) -> None:
    """Count rows inserted around the ORM (a bulk import), each policy's row and its
    instalments' rows as mappings of their columns: their items join this transaction's
    differences, written as it commits, as a flush's would be."""
    delta: dict[Key, Sums] = defaultdict(lambda: [0] * (1 + len(AMOUNTS)))

    def read(row: Any, column: str) -> Any:
        return row.get(column)

    for policy, instalments in policies:
        for key, sums in _items(policy, instalments, read):
            delta[key] = [a + b for a, b in zip(delta[key], sums, strict=True)]
    if delta:
        where = session.get_nested_transaction() or session.get_transaction()
        session.info.setdefault(_PENDING, []).append((where, dict(delta)))


@event.listens_for(TenantSession, "after_flush")
def _collect(session: Session, _ctx: Any) -> None:
    delta = _difference(session)
    if delta:
        where = session.get_nested_transaction() or session.get_transaction()
        session.info.setdefault(_PENDING, []).append((where, delta))


@event.listens_for(TenantSession, "after_soft_rollback")
def _drop(session: Session, rolled_back: SessionTransaction) -> None:
    """Forget what the rolled-back transaction, or a savepoint within it, had changed."""
    pending = session.info.get(_PENDING)
    if not pending:
        return
    session.info[_PENDING] = [
        (where, delta) for where, delta in pending if not within(where, rolled_back)
    ]


@event.listens_for(TenantSession, "before_commit")
def _write(session: Session) -> None:
    session.flush()  # what is still pending belongs to this commit
    pending = session.info.pop(_PENDING, [])
    total: dict[Key, Sums] = defaultdict(lambda: [0] * (1 + len(AMOUNTS)))
    for _where, delta in pending:
        for key, sums in delta.items():
            total[key] = [a + b for a, b in zip(total[key], sums, strict=True)]
    rows = [
        {"tenant_id": key[0], **dict(zip(KEY, key[1:], strict=True)),
         **dict(zip(("items", *AMOUNTS), sums, strict=True))}
        for key, sums in sorted(total.items()) if any(sums)
    ]  # fmt: skip
    for start in range(0, len(rows), BATCH):
        session.execute(_upsert(session, rows[start : start + BATCH]))


def _upsert(session: Session, rows: list[dict[str, Any]]) -> Any:
    dialect = session.get_bind().dialect.name
    make = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = make(m.CommissionMonth).values(rows)
    table = m.CommissionMonth.__table__.c
    return statement.on_conflict_do_update(
        index_elements=["tenant_id", *KEY],
        set_={c: table[c] + statement.excluded[c] for c in ("items", *AMOUNTS)},
    )


def month_expression(session: AsyncSession, day: Any) -> ColumnElement[date]:
    """The first day of ``day``'s month, in the session's SQL dialect."""
    if session.get_bind().dialect.name == "postgresql":
        return cast(func.date_trunc("month", day), Date)
    return func.date(day, "start of month")


def _cents_sql(column: Any) -> ColumnElement[int]:
    return func.round(column * 100)


async def rebuild(session: AsyncSession) -> None:
    """Recompute the current tenant's summary from its policies, instalments and the product
    lines' kept items."""
    policy = m.Policy
    keys = [func.coalesce(getattr(policy, k), literal("", String)).label(k) for k in KEY[1:6]]
    rata = (
        select(
            month_expression(session, m.Instalment.cassa_date).label("month"), *keys,
            m.Instalment.paid.label("paid"),
            *(_cents_sql(getattr(m.Instalment, c)).label(a) for c, a in NAMED),
        )
        .join(policy, policy.id == m.Instalment.policy_id)
        .where(m.Instalment.cassa_date.is_not(None))
    )  # fmt: skip
    single = select(
        month_expression(session, policy.start_date), *keys, policy.paid,
        *(_cents_sql(getattr(policy, c)) for c in STORED),
    ).where(policy.frequency == "UNICO", policy.start_date.is_not(None))  # fmt: skip
    line = m.LineCommission
    lines = select(
        month_expression(session, line.day),
        *(func.coalesce(getattr(line, k), literal("", String)) for k in KEY[1:6]), line.paid,
        *(_cents_sql(getattr(line, c)) for c in STORED),
    )  # fmt: skip
    items = union_all(rata, single, lines).subquery("items")
    grouped = select(
        *(items.c[k] for k in KEY), func.count(),
        *(func.sum(items.c[a]) for a in AMOUNTS),
    ).group_by(*(items.c[k] for k in KEY))  # fmt: skip
    await session.execute(delete(m.CommissionMonth))
    rows = [
        {"tenant_id": current_tenant_id(), **dict(zip(KEY, row[: len(KEY)], strict=True)),
         **dict(zip(("items", *AMOUNTS), (int(v) for v in row[len(KEY):]), strict=True))}
        for row in await session.execute(grouped)
    ]  # fmt: skip
    for row in rows:
        if isinstance(row["month"], str):
            row["month"] = date.fromisoformat(row["month"])
    for start in range(0, len(rows), BATCH):
        await session.execute(insert(m.CommissionMonth).values(rows[start : start + BATCH]))
