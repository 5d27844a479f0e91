"""rui training: RUI entries, the training log and its year-end alerts

Revision ID: core_0026
Revises: core_0025
Create Date: 2026-11-29 22:38:45.345553

``rui_registrations`` holds each user's entry in the Registro Unico degli Intermediari (one a
user), ``training_entries`` the courses attended (hours as Numeric(5, 2)), ``training_alerts``
the year-end alerts sent (once per recipient, year and threshold: the unique key); the
intermediary's own entry lives in the tenant settings' ``data``. New tables: nothing to
backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision: str = "core_0026"
down_revision: str | Sequence[str] | None = "core_0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "training_alerts",
        sa.Column("recipient", sa.String(length=32), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("threshold", sa.String(length=5), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_training_alerts")),
    )
    enable_tenant_rls(op.get_bind(), "training_alerts")
    with op.batch_alter_table("training_alerts", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_training_alerts_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            "ux_training_alerts_once", ["tenant_id", "recipient", "year", "threshold"], unique=True
        )

    op.create_table(
        "rui_registrations",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("section", sa.String(length=1), nullable=False),
        sa.Column("number", sa.String(length=10), nullable=False),
        sa.Column("registered_on", sa.Date(), nullable=False),
        sa.Column("ended_on", sa.Date(), nullable=True),
        sa.Column("intermediary_name", sa.String(length=200), nullable=False),
        sa.Column("intermediary_number", sa.String(length=10), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_rui_registrations_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rui_registrations")),
    )
    enable_tenant_rls(op.get_bind(), "rui_registrations")
    with op.batch_alter_table("rui_registrations", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_rui_registrations_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_rui_registrations_updated_at"), ["updated_at"], unique=False
        )
        batch_op.create_index("ux_rui_registrations_user", ["tenant_id", "user_id"], unique=True)

    op.create_table(
        "training_entries",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("hours", sa.Numeric(precision=5, scale=2), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("provider", sa.String(length=200), nullable=False),
        sa.Column("created_by", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_training_entries_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_training_entries_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_training_entries")),
    )
    enable_tenant_rls(op.get_bind(), "training_entries")
    with op.batch_alter_table("training_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_training_entries_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            "ix_training_entries_user_day", ["tenant_id", "user_id", "day"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("training_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_training_entries_user_day")
        batch_op.drop_index(batch_op.f("ix_training_entries_tenant_id"))

    op.drop_table("training_entries")
    with op.batch_alter_table("rui_registrations", schema=None) as batch_op:
        batch_op.drop_index("ux_rui_registrations_user")
        batch_op.drop_index(batch_op.f("ix_rui_registrations_updated_at"))
        batch_op.drop_index(batch_op.f("ix_rui_registrations_tenant_id"))

    op.drop_table("rui_registrations")
    with op.batch_alter_table("training_alerts", schema=None) as batch_op:
        batch_op.drop_index("ux_training_alerts_once")
        batch_op.drop_index(batch_op.f("ix_training_alerts_tenant_id"))

    op.drop_table("training_alerts")
