"""clients belong to agent trees

Revision ID: core_0005
Revises: core_0004
Create Date: 2026-11-24 15:25:00.000000

Each client gets ``owner_agent_id``: the top agent (``agId``, else ``aId``) of the quotes and
policies linked to it. A client whose records come from several trees is split: the tree of
its oldest record keeps the row, every other tree gets a copy with the same data, and its
records are moved to that copy. Nothing is deleted. Runs as the owner (row-level security
does not apply), across every tenant.
"""

from collections.abc import Sequence
from secrets import token_hex
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "core_0005"
down_revision: str | Sequence[str] | None = "core_0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CLIENT_COLUMNS = (
    "tenant_id", "agent_id", "name", "fiscal_code", "email", "phone", "data",
    "created_at", "updated_at",
)  # fmt: skip


def upgrade() -> None:
    # Plain ALTER TABLE, not a batch copy: on SQLite re-creating ``clients`` would fire the
    # quotes' and policies' ON DELETE SET NULL and unlink every record.
    op.add_column("clients", sa.Column("owner_agent_id", sa.String(length=32), nullable=True))
    op.create_index(
        "ix_clients_tenant_owner_fiscal_code",
        "clients",
        ["tenant_id", "owner_agent_id", "fiscal_code"],
        unique=False,
    )
    assign_owners(op.get_bind())


def assign_owners(conn: sa.Connection) -> None:
    """Give every client the tree of its oldest record; split those that span trees."""
    records: dict[str, list[tuple[str, str, str | None, Any]]] = {}
    for table, when in (("quotes", "at"), ("policies", "created_at")):
        rows = conn.execute(
            sa.text(
                f"SELECT id, client_id, COALESCE(parent_agent_id, agent_id), {when} "
                f"FROM {table} WHERE client_id IS NOT NULL"
            )
        )
        for record_id, client_id, tree, at in rows:
            records.setdefault(client_id, []).append((table, record_id, tree, at))
    clients = conn.execute(
        sa.text(f"SELECT id, {', '.join(CLIENT_COLUMNS)} FROM clients")
    ).mappings()
    for client in list(clients):
        linked = sorted(records.get(client["id"], []), key=lambda r: str(r[3]))
        trees = list(dict.fromkeys(tree for _table, _id, tree, _at in linked))
        owner = trees[0] if trees else _tree_of_user(conn, client["agent_id"])
        conn.execute(
            sa.text("UPDATE clients SET owner_agent_id = :owner WHERE id = :id"),
            {"owner": owner, "id": client["id"]},
        )
        for tree in trees[1:]:
            _split(conn, dict(client), tree, [r for r in linked if r[2] == tree])


def _split(conn: sa.Connection, client: dict[str, Any], tree: str | None, moved: list[Any]) -> None:
    """A copy of ``client`` for ``tree``, with that tree's records moved to it."""
    copy_id = token_hex(12)
    values = {name: client[name] for name in CLIENT_COLUMNS}
    columns = ", ".join(("id", "owner_agent_id", *CLIENT_COLUMNS))
    marks = ", ".join(f":{name}" for name in ("id", "owner_agent_id", *CLIENT_COLUMNS))
    insert = sa.text(f"INSERT INTO clients ({columns}) VALUES ({marks})").bindparams(
        sa.bindparam("data", type_=sa.JSON())
    )
    conn.execute(insert, {**values, "id": copy_id, "owner_agent_id": tree})
    for table, record_id, _tree, _at in moved:
        conn.execute(
            sa.text(f"UPDATE {table} SET client_id = :copy WHERE id = :id"),
            {"copy": copy_id, "id": record_id},
        )


def _tree_of_user(conn: sa.Connection, user_id: str | None) -> str | None:
    if user_id is None:
        return None
    parent = conn.execute(
        sa.text("SELECT parent_agent_id FROM users WHERE id = :id"), {"id": user_id}
    ).scalar()
    return parent or user_id


def downgrade() -> None:
    with op.batch_alter_table("clients", schema=None) as batch_op:
        batch_op.drop_index("ix_clients_tenant_owner_fiscal_code")
        batch_op.drop_column("owner_agent_id")
