"""credentials version, disabled products

Revision ID: core_0002
Revises: core_0001
Create Date: 2026-11-22 00:25:14.780734
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "core_0002"
down_revision: str | Sequence[str] | None = "core_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tenant_settings", schema=None) as batch_op:
        # Lines offered later now start switched on: only switched-off lines are stored.
        batch_op.add_column(
            sa.Column(
                "disabled_products",
                sa.JSON().with_variant(postgresql.JSONB(), "postgresql"),
                nullable=False,
                server_default=sa.text("'[]'"),
            )
        )
        batch_op.drop_column("enabled_products")

    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("credentials_version", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("credentials_version")

    with op.batch_alter_table("tenant_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "enabled_products",
                sa.JSON().with_variant(postgresql.JSONB(), "postgresql"),
                nullable=False,
                server_default=sa.text("'[]'"),
            )
        )
        batch_op.drop_column("disabled_products")
