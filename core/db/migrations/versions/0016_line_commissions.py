"""line commissions: what product lines' practices earn, kept as rows

Revision ID: core_0016
Revises: core_0015
Create Date: 2026-11-29 00:30:00.000000

``line_commissions`` holds the commission items each product line's quote earns, as the
line's ``quote_commissions`` hook answered at the quote's last change; the monthly summary and
the report read them as they read instalments. ``balance_log.quote_id`` names the practice a
line's credit or reversal is for. Practices emitted before this revision get their rows when
the server next starts (``core.domain.commissions.line_keeper.backfill``).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0016"
down_revision: str | Sequence[str] | None = "core_0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONEY = sa.Numeric(precision=12, scale=2)


def upgrade() -> None:
    op.create_table(
        "line_commissions",
        sa.Column("line", sa.String(length=64), nullable=False),
        sa.Column("quote_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("agent_id", sa.String(length=32), nullable=True),
        sa.Column("parent_agent_id", sa.String(length=32), nullable=True),
        sa.Column("referrer_id", sa.String(length=32), nullable=True),
        sa.Column("company", sa.String(length=100), nullable=True),
        sa.Column("product_id", sa.String(length=32), nullable=True),
        sa.Column("product", sa.String(length=100), nullable=False),
        sa.Column("commission", MONEY, nullable=False),
        sa.Column("agent_total", MONEY, nullable=False),
        sa.Column("parent_total", MONEY, nullable=False),
        sa.Column("referrer_total", MONEY, nullable=False),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.Column("link", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_line_commissions")),
        sa.UniqueConstraint(
            "tenant_id",
            "quote_id",
            "seq",
            name=op.f("uq_line_commissions_tenant_id_quote_id_seq"),
        ),
    )
    with op.batch_alter_table("line_commissions") as batch_op:
        for column in ("tenant_id", "quote_id", "day", "agent_id", "parent_agent_id"):
            batch_op.create_index(batch_op.f(f"ix_line_commissions_{column}"), [column])
    enable_tenant_rls(op.get_bind(), "line_commissions")
    with op.batch_alter_table("balance_log") as batch_op:
        batch_op.add_column(sa.Column("quote_id", sa.String(length=32), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_balance_log_quote_id_quotes"), "quotes", ["quote_id"], ["id"],
            ondelete="SET NULL",
        )  # fmt: skip
        batch_op.create_index(batch_op.f("ix_balance_log_quote_id"), ["quote_id"])


def downgrade() -> None:
    with op.batch_alter_table("balance_log") as batch_op:
        batch_op.drop_index(batch_op.f("ix_balance_log_quote_id"))
        batch_op.drop_constraint(batch_op.f("fk_balance_log_quote_id_quotes"), type_="foreignkey")
        batch_op.drop_column("quote_id")
    op.drop_table("line_commissions")
