"""demands and needs questionnaires and answers

Revision ID: core_0029
Revises: core_0028
Create Date: 2026-11-30 05:20:00.262702

``needs_questionnaires`` holds each version of the tenant's demands-and-needs questionnaire per
ramo, ``needs_assessments`` each quote's answers (IVASS Reg. 40/2018, art. 58;
``core.domain.needs``). New tables only: nothing to backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0029"
down_revision: str | Sequence[str] | None = "core_0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "needs_questionnaires",
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "questions", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("author_id", sa.String(length=32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"],
            ["users.id"],
            name=op.f("fk_needs_questionnaires_author_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_needs_questionnaires")),
        sa.UniqueConstraint(
            "tenant_id",
            "kind",
            "version",
            name=op.f("uq_needs_questionnaires_tenant_id_kind_version"),
        ),
    )
    enable_tenant_rls(op.get_bind(), "needs_questionnaires")
    with op.batch_alter_table("needs_questionnaires", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_needs_questionnaires_tenant_id"), ["tenant_id"], unique=False
        )

    op.create_table(
        "needs_assessments",
        sa.Column("quote_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("questionnaire_version", sa.Integer(), nullable=False),
        sa.Column(
            "answers", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column(
            "mismatches", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("answered_by", sa.String(length=32), nullable=True),
        sa.Column("address", sa.String(length=64), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["answered_by"],
            ["users.id"],
            name=op.f("fk_needs_assessments_answered_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["quote_id"],
            ["quotes.id"],
            name=op.f("fk_needs_assessments_quote_id_quotes"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_needs_assessments")),
    )
    enable_tenant_rls(op.get_bind(), "needs_assessments")
    with op.batch_alter_table("needs_assessments", schema=None) as batch_op:
        batch_op.create_index(
            "ix_needs_assessments_quote_at", ["quote_id", "answered_at"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_needs_assessments_tenant_id"), ["tenant_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("needs_assessments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_needs_assessments_tenant_id"))
        batch_op.drop_index("ix_needs_assessments_quote_at")

    op.drop_table("needs_assessments")
    with op.batch_alter_table("needs_questionnaires", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_needs_questionnaires_tenant_id"))

    op.drop_table("needs_questionnaires")
