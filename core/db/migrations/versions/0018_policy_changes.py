"""policy_changes: endorsements and cancellations of a policy

Revision ID: core_0018
Revises: core_0017
Create Date: 2026-11-29 13:30:00.000000

``policy_changes`` holds a policy's endorsements (appendici) and cancellations
(annullamenti) with the premium each moved (``core.domain.policy_changes``);
``policies.cancelled_on`` and ``policies.cancel_reason`` say a policy was cancelled, when
and why. A new table and nullable columns: nothing to backfill, and the previous release
reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0018"
down_revision: str | Sequence[str] | None = "core_0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MONEY = ("total", "net", "tax", "commission", "agent_total", "parent_total", "referrer_total")


def upgrade() -> None:
    op.create_table(
        "policy_changes",
        sa.Column("policy_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("subtype", sa.String(length=20), nullable=True),
        sa.Column("effective_on", sa.Date(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column(
            "details", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        *(sa.Column(name, sa.Numeric(precision=12, scale=2), nullable=False) for name in _MONEY),
        sa.Column("instalment_id", sa.String(length=32), nullable=True),
        sa.Column("created_by", sa.String(length=32), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("agent_id", sa.String(length=32), nullable=True),
        sa.Column("parent_agent_id", sa.String(length=32), nullable=True),
        sa.Column("client_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["agent_id"], ["users.id"], name=op.f("fk_policy_changes_agent_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["client_id"], ["clients.id"], name=op.f("fk_policy_changes_client_id_clients"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name=op.f("fk_policy_changes_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["parent_agent_id"], ["users.id"],
            name=op.f("fk_policy_changes_parent_agent_id_users"), ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["policy_id"], ["policies.id"], name=op.f("fk_policy_changes_policy_id_policies"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_policy_changes")),
    )  # fmt: skip
    enable_tenant_rls(op.get_bind(), "policy_changes")
    with op.batch_alter_table("policy_changes", schema=None) as batch_op:
        for column in (
            "agent_id", "client_id", "effective_on", "parent_agent_id", "policy_id", "tenant_id",
            "updated_at",
        ):  # fmt: skip
            batch_op.create_index(batch_op.f(f"ix_policy_changes_{column}"), [column])
    with op.batch_alter_table("policies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cancelled_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("cancel_reason", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("policies", schema=None) as batch_op:
        batch_op.drop_column("cancel_reason")
        batch_op.drop_column("cancelled_on")
    with op.batch_alter_table("policy_changes", schema=None) as batch_op:
        for column in (
            "updated_at", "tenant_id", "policy_id", "parent_agent_id", "effective_on",
            "client_id", "agent_id",
        ):  # fmt: skip
            batch_op.drop_index(batch_op.f(f"ix_policy_changes_{column}"))
    op.drop_table("policy_changes")
