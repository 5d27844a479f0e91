"""remittances to the companies and their reconciliation

Revision ID: core_0019
Revises: core_0018
Create Date: 2026-11-29 13:17:26.559840

``remittances`` holds what the broker remits to a company for a period's collections (the
totals frozen when issued, and the payment); ``remittance_reconciliations`` and
``remittance_reconciliation_lines`` a company statement matched against one, line by line
(``core.domain.remittances``). New tables only: nothing to backfill, and the previous release
reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision: str = "core_0019"
down_revision: str | Sequence[str] | None = "core_0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "remittances",
        sa.Column("company", sa.String(length=100), nullable=False),
        sa.Column("period_from", sa.Date(), nullable=False),
        sa.Column("period_to", sa.Date(), nullable=False),
        sa.Column("rows", sa.Integer(), nullable=False),
        sa.Column("gross", sa.Numeric(precision=14, scale=2), nullable=False),
        sa.Column("commission", sa.Numeric(precision=14, scale=2), nullable=False),
        sa.Column("amount", sa.Numeric(precision=14, scale=2), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("paid_on", sa.Date(), nullable=True),
        sa.Column("method", sa.String(length=50), nullable=True),
        sa.Column("reference", sa.String(length=200), nullable=True),
        sa.Column("created_by", sa.String(length=32), nullable=True),
        sa.Column("open_differences", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_remittances_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_remittances")),
    )
    enable_tenant_rls(op.get_bind(), "remittances")
    with op.batch_alter_table("remittances", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_remittances_company"), ["company"], unique=False)
        batch_op.create_index(batch_op.f("ix_remittances_paid_on"), ["paid_on"], unique=False)
        batch_op.create_index(batch_op.f("ix_remittances_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_remittances_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_remittances_updated_at"), ["updated_at"], unique=False)

    op.create_table(
        "remittance_reconciliations",
        sa.Column("remittance_id", sa.String(length=32), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("imported_by", sa.String(length=32), nullable=True),
        sa.Column("lines", sa.Integer(), nullable=False),
        sa.Column("ok", sa.Integer(), nullable=False),
        sa.Column("differences", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["imported_by"],
            ["users.id"],
            name=op.f("fk_remittance_reconciliations_imported_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["remittance_id"],
            ["remittances.id"],
            name=op.f("fk_remittance_reconciliations_remittance_id_remittances"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_remittance_reconciliations")),
    )
    enable_tenant_rls(op.get_bind(), "remittance_reconciliations")
    with op.batch_alter_table("remittance_reconciliations", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_remittance_reconciliations_remittance_id"),
            ["remittance_id"],
            unique=False,
        )
        batch_op.create_index(
            batch_op.f("ix_remittance_reconciliations_tenant_id"), ["tenant_id"], unique=False
        )

    op.create_table(
        "remittance_reconciliation_lines",
        sa.Column("reconciliation_id", sa.String(length=32), nullable=False),
        sa.Column("policy_number", sa.String(length=100), nullable=False),
        sa.Column("instalment", sa.Integer(), nullable=False),
        sa.Column("statement_lines", sa.String(length=200), nullable=False),
        sa.Column("result", sa.String(length=20), nullable=False),
        sa.Column("our_gross", sa.Numeric(precision=14, scale=2), nullable=True),
        sa.Column("our_commission", sa.Numeric(precision=14, scale=2), nullable=True),
        sa.Column("their_gross", sa.Numeric(precision=14, scale=2), nullable=True),
        sa.Column("their_commission", sa.Numeric(precision=14, scale=2), nullable=True),
        sa.Column("resolved", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=False),
        sa.Column("resolved_by", sa.String(length=32), nullable=True),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["reconciliation_id"],
            ["remittance_reconciliations.id"],
            name=op.f(
                "fk_remittance_reconciliation_lines_reconciliation_id_remittance_reconciliations"
            ),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["resolved_by"],
            ["users.id"],
            name=op.f("fk_remittance_reconciliation_lines_resolved_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_remittance_reconciliation_lines")),
    )
    enable_tenant_rls(op.get_bind(), "remittance_reconciliation_lines")
    with op.batch_alter_table("remittance_reconciliation_lines", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_remittance_reconciliation_lines_reconciliation_id"),
            ["reconciliation_id"],
            unique=False,
        )
        batch_op.create_index(
            batch_op.f("ix_remittance_reconciliation_lines_result"), ["result"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_remittance_reconciliation_lines_tenant_id"), ["tenant_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("remittance_reconciliation_lines", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_remittance_reconciliation_lines_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_remittance_reconciliation_lines_result"))
        batch_op.drop_index(batch_op.f("ix_remittance_reconciliation_lines_reconciliation_id"))

    op.drop_table("remittance_reconciliation_lines")
    with op.batch_alter_table("remittance_reconciliations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_remittance_reconciliations_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_remittance_reconciliations_remittance_id"))

    op.drop_table("remittance_reconciliations")
    with op.batch_alter_table("remittances", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_remittances_updated_at"))
        batch_op.drop_index(batch_op.f("ix_remittances_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_remittances_status"))
        batch_op.drop_index(batch_op.f("ix_remittances_paid_on"))
        batch_op.drop_index(batch_op.f("ix_remittances_company"))

    op.drop_table("remittances")
