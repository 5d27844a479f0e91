"""policy workflow: emission data, purchase, instalment payment method, renewals

Revision ID: core_0006
Revises: core_0005
Create Date: 2026-11-25 09:00:00.000000

Policies get their start date, premium, the agent's part and the customer's purchase
declaration; instalments the method they were paid with; quotes the policy they renew (one
renewal quote per policy); ``renewal_runs`` records each tenant's daily renewal run once.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls
from core.db.types import JSONType

revision: str = "core_0006"
down_revision: str | Sequence[str] | None = "core_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONEY = sa.Numeric(precision=12, scale=2)


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN (no batch copy, which would fire ON DELETE SET NULL).
    op.add_column("policies", sa.Column("start_date", sa.Date(), nullable=True))
    op.add_column("policies", sa.Column("premium", MONEY, nullable=False, server_default="0"))
    op.add_column("policies", sa.Column("agent_total", MONEY, nullable=False, server_default="0"))
    op.add_column("policies", sa.Column("purchase", JSONType, nullable=False, server_default="{}"))
    op.add_column("policy_instalments", sa.Column("paid_method", sa.String(50), nullable=True))
    op.add_column("quotes", sa.Column("renew_of", sa.String(length=32), nullable=True))
    op.create_index("ix_quotes_renew_of", "quotes", ["renew_of"], unique=True)
    op.create_table(
        "renewal_runs",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("created", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_renewal_runs")),
        sa.UniqueConstraint("tenant_id", "day", name=op.f("uq_renewal_runs_tenant_id_day")),
    )
    op.create_index("ix_renewal_runs_tenant_id", "renewal_runs", ["tenant_id"], unique=False)
    enable_tenant_rls(op.get_bind(), "renewal_runs")


def downgrade() -> None:
    op.drop_index("ix_renewal_runs_tenant_id", table_name="renewal_runs")
    op.drop_table("renewal_runs")
    op.drop_index("ix_quotes_renew_of", table_name="quotes")
    for table, column in (
        ("quotes", "renew_of"),
        ("policy_instalments", "paid_method"),
        ("policies", "purchase"),
        ("policies", "agent_total"),
        ("policies", "premium"),
        ("policies", "start_date"),
    ):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column(column)
