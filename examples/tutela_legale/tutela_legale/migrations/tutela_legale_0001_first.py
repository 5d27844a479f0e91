"""tutela_legale practices

Revision ID: tutela_legale_0001
Revises:
Create Date: 2026-11-28 15:34:36
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.api import enable_tenant_rls

revision: str = "tutela_legale_0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = ("tutela_legale",)
depends_on: str | Sequence[str] | None = "core_0015"


def upgrade() -> None:
    op.create_table(
        "tutela_legale_pratiche",
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("client", sa.String(length=200), nullable=False),
        sa.Column("status", sa.String(length=40), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("agent_id", sa.String(length=32), nullable=True),
        sa.Column("parent_agent_id", sa.String(length=32), nullable=True),
        sa.Column("client_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["agent_id"],
            ["users.id"],
            name=op.f("fk_tutela_legale_pratiche_agent_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["client_id"],
            ["clients.id"],
            name=op.f("fk_tutela_legale_pratiche_client_id_clients"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["parent_agent_id"],
            ["users.id"],
            name=op.f("fk_tutela_legale_pratiche_parent_agent_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tutela_legale_pratiche")),
    )
    enable_tenant_rls(op.get_bind(), "tutela_legale_pratiche")
    with op.batch_alter_table("tutela_legale_pratiche", schema=None) as batch_op:
        for column in ("agent_id", "client_id", "parent_agent_id", "tenant_id", "updated_at"):
            batch_op.create_index(
                batch_op.f(f"ix_tutela_legale_pratiche_{column}"),
                [column],
                unique=False,
            )


def downgrade() -> None:
    op.drop_table("tutela_legale_pratiche")
