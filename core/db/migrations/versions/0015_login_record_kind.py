"""login records: the kind of each row, so stale ones can be pruned

Revision ID: core_0015
Revises: core_0014
Create Date: 2026-11-28 13:10:00.000000

``login_throttle`` holds three kinds of login record (``core.auth.throttle``,
``core.auth.known_addresses``): failures, checks in flight and known addresses. The kind was
only part of the hashed key; the column names it, so the daily prune can tell how long each
row matters. Every row stored before this revision counts failures.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0015"
down_revision: str | Sequence[str] | None = "core_0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("login_throttle") as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(10), nullable=False, server_default="failures")
        )


def downgrade() -> None:
    with op.batch_alter_table("login_throttle") as batch_op:
        batch_op.drop_column("kind")
