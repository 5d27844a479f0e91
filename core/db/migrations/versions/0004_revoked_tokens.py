"""revoked login tokens

Revision ID: core_0004
Revises: core_0003
Create Date: 2026-11-24 15:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision: str = "core_0004"
down_revision: str | Sequence[str] | None = "core_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "revoked_tokens",
        sa.Column("jti", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revoked_tokens")),
        sa.UniqueConstraint("tenant_id", "jti", name=op.f("uq_revoked_tokens_tenant_id_jti")),
    )
    with op.batch_alter_table("revoked_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_revoked_tokens_tenant_id"), ["tenant_id"])
        batch_op.create_index(batch_op.f("ix_revoked_tokens_user_id"), ["user_id"])
        batch_op.create_index(batch_op.f("ix_revoked_tokens_expires_at"), ["expires_at"])
    enable_tenant_rls(op.get_bind(), "revoked_tokens")


def downgrade() -> None:
    with op.batch_alter_table("revoked_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_expires_at"))
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_user_id"))
        batch_op.drop_index(batch_op.f("ix_revoked_tokens_tenant_id"))
    op.drop_table("revoked_tokens")
