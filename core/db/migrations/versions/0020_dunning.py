"""dunning: the reminders of unpaid instalments

Revision ID: core_0020
Revises: core_0019
Create Date: 2026-11-29 13:16:21.577663

``dunning_reminders`` holds each reminder sent for an instalment (``core.domain.dunning``): by
the daily job at one of the tenant's days from the due date (once: the unique key), or by hand.
A new table: nothing to backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision: str = "core_0020"
down_revision: str | Sequence[str] | None = "core_0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "dunning_reminders",
        sa.Column("instalment_id", sa.String(length=32), nullable=False),
        sa.Column("policy_id", sa.String(length=32), nullable=False),
        sa.Column("offset_days", sa.Integer(), nullable=True),
        sa.Column("by", sa.String(length=32), nullable=True),
        sa.Column("mailed", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["instalment_id"],
            ["policy_instalments.id"],
            name=op.f("fk_dunning_reminders_instalment_id_policy_instalments"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["policy_id"],
            ["policies.id"],
            name=op.f("fk_dunning_reminders_policy_id_policies"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dunning_reminders")),
    )
    enable_tenant_rls(op.get_bind(), "dunning_reminders")
    with op.batch_alter_table("dunning_reminders", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_dunning_reminders_policy_id"), ["policy_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_dunning_reminders_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            "ux_dunning_reminders_instalment_offset",
            ["tenant_id", "instalment_id", "offset_days"],
            unique=True,
        )


def downgrade() -> None:
    with op.batch_alter_table("dunning_reminders", schema=None) as batch_op:
        batch_op.drop_index("ux_dunning_reminders_instalment_offset")
        batch_op.drop_index(batch_op.f("ix_dunning_reminders_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_dunning_reminders_policy_id"))

    op.drop_table("dunning_reminders")
