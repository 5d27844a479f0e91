"""New records of an import written in bulk, around the ORM's unit of work, with what the ORM
would have written beside them.

An import of 30,000 policies makes some 100,000 rows; through the ORM each costs about half a
millisecond of bookkeeping (attribute events, the audit's and the summary's listeners, the
stored payload), which no broker should wait for. Here each new row is a mapping of its
columns, its defaults filled in as the ORM would; the rows go in as one ``executemany`` per
table and chunk, and with them, in the same transaction:

* the audit log's ``insert`` entry of every client, policy and instalment
  (:mod:`core.db.audit`'s shape, the importing user as its actor);
* the stored payload of every policy and instalment (:mod:`core.db.stored_payload`), so a
  sync reads them as it reads any other;
* the commission summary's items (:func:`core.domain.commissions.summary.keep_loaded`).

What it does not do is push each new record to open screens one by one: a list opened
during the import shows the new records when it is next loaded (its sync or a reload).
Updates of records imported before go through the ORM, with every listener as usual."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import msgspec
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import current_actor_id, current_tenant_id
from core.db import models as m
from core.db.audit import SKIPPED_FIELDS, _plain
from core.db.stored_payload import shape_of
from core.db.tenancy import CrossTenantWriteError
from core.db.types import new_id, utcnow
from core.domain.commissions.summary import keep_loaded


def _defaults(model: Any) -> dict[str, Any]:
    """The table's scalar defaults and its callable ones' markers, read once per model."""
    found: dict[str, Any] = {}
    for column in model.__table__.columns:
        default = column.default
        if default is None:
            found[column.key] = None
        elif default.is_scalar:
            found[column.key] = default.arg
        else:
            found[column.key] = default  # called per row
    return found


_DEFAULTS: dict[Any, dict[str, Any]] = {}


def full_row(model: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with every other column of ``model`` at its default."""
    defaults = _DEFAULTS.get(model)
    if defaults is None:
        defaults = _DEFAULTS[model] = _defaults(model)
    row: dict[str, Any] = {}
    for key, default in defaults.items():
        if key in values:
            row[key] = values[key]
        elif default is not None and hasattr(default, "is_callable"):
            row[key] = default.arg(None)
        else:
            row[key] = default
    return row


_encode = msgspec.json.Encoder().encode


def _store_payload(model: Any, row: dict[str, Any]) -> None:
    spec = shape_of(model)
    row["wire"] = _encode(spec.shape(SimpleNamespace(**row))).decode()
    row["wire_at"] = row["updated_at"]
    row["wire_version"] = spec.version


def _audit(model: Any, row: Mapping[str, Any], actor: str | None, at: Any) -> dict[str, Any]:
    changes = {k: _plain(v) for k, v in row.items()
               if v is not None and k not in SKIPPED_FIELDS and k != "tenant_id"}  # fmt: skip
    return {"id": new_id(), "tenant_id": row["tenant_id"], "at": at, "actor_id": actor,
            "entity": model.__tablename__, "entity_id": row["id"], "action": "insert",
            "changes": changes}  # fmt: skip


@dataclass(slots=True)
class Pending:
    """The new rows of one chunk, written by :meth:`write`."""

    tenant_id: str
    clients: list[dict[str, Any]] = field(default_factory=list)
    policies: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    keys: list[dict[str, Any]] = field(default_factory=list)

    def client(self, values: Mapping[str, Any]) -> dict[str, Any]:
        now = utcnow()
        row = full_row(m.Client, {**values, "tenant_id": self.tenant_id, "created_at": now,
                                  "updated_at": now})  # fmt: skip
        self.clients.append(row)
        return row

    def policy(
        self, values: Mapping[str, Any], instalments: list[Mapping[str, Any]]
    ) -> dict[str, Any]:
        now = utcnow()
        stamp = {"tenant_id": self.tenant_id, "created_at": now, "updated_at": now}
        row = full_row(m.Policy, {**values, **stamp})
        rates = [full_row(m.Instalment, {**r, **stamp, "policy_id": row["id"]})
                 for r in instalments]  # fmt: skip
        self.policies.append((row, rates))
        return row

    def key(self, values: Mapping[str, Any]) -> None:
        self.keys.append(full_row(m.ImportKey, {**values, "tenant_id": self.tenant_id}))

    async def write(self, session: AsyncSession) -> int:
        """Insert the chunk's rows, their audit entries, payloads and summary items."""
        if current_tenant_id() != self.tenant_id:
            raise CrossTenantWriteError("inserimento di righe di un altro tenant")
        actor, at = current_actor_id(), utcnow()
        audit: list[dict[str, Any]] = [_audit(m.Client, r, actor, at) for r in self.clients]
        instalments: list[dict[str, Any]] = []
        for policy, rates in self.policies:
            _store_payload(m.Policy, policy)
            audit.append(_audit(m.Policy, policy, actor, at))
            for rata in rates:
                _store_payload(m.Instalment, rata)
                audit.append(_audit(m.Instalment, rata, actor, at))
            instalments.extend(rates)
        conn = await session.connection()  # the session's own transaction
        written = 0
        for model, rows in (
            (m.Client, self.clients), (m.Policy, [p for p, _ in self.policies]),
            (m.Instalment, instalments), (m.ImportKey, self.keys), (m.AuditEntry, audit),
        ):  # fmt: skip
            if rows:
                await conn.execute(insert(model), rows)
                written += len(rows)
        if self.policies:
            keep_loaded(session.sync_session, self.policies)
        self.clients, self.policies, self.keys = [], [], []
        return written
