"""quotes, policies and instalments keep their encoded wire payload

Revision ID: core_0011
Revises: core_0010
Create Date: 2026-11-26 19:00:00.000000

Each row gets the payload a sync sends for it, the ``updated_at`` it was made for and its
shape version. They start empty (stale): ``sportello serve`` stores them before serving.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0011"
down_revision: str | Sequence[str] | None = "core_0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("quotes", "policies", "policy_instalments")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column("wire", sa.Text(), nullable=True))
            batch_op.add_column(sa.Column("wire_at", sa.DateTime(timezone=True), nullable=True))
            batch_op.add_column(sa.Column("wire_version", sa.SmallInteger(), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            for column in ("wire_version", "wire_at", "wire"):
                batch_op.drop_column(column)
