"""document area: the roles a shared document is visible to

Revision ID: core_0007
Revises: core_0006
Create Date: 2026-11-25 12:00:00.000000

A document of the document area carries its folder's roles (empty: everyone), so the
``docs`` stream and the HTTP reads filter it by the same data.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.types import JSONType

revision: str = "core_0007"
down_revision: str | Sequence[str] | None = "core_0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "documents", sa.Column("roles", JSONType, nullable=False, server_default=sa.text("'[]'"))
    )


def downgrade() -> None:
    with op.batch_alter_table("documents") as batch_op:
        batch_op.drop_column("roles")
