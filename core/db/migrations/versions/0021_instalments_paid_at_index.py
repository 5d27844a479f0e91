"""policy_instalments: an index on paid_at

Revision ID: core_0021
Revises: core_0020
Create Date: 2026-11-29 14:40:00.000000

The remittances read a company's collections over a period by ``paid_at``; without an index
each read scans every instalment of the tenant. Only an index: nothing to backfill, and the
previous release reads on.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "core_0021"
down_revision: str | Sequence[str] | None = "core_0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("policy_instalments", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_policy_instalments_paid_at"), ["paid_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("policy_instalments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_policy_instalments_paid_at"))
