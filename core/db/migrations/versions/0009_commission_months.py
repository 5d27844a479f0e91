"""the report's monthly summary and each policy's product

Revision ID: core_0009
Revises: core_0008
Create Date: 2026-11-26 10:00:00.000000

``commission_months`` holds each month's commission items summed per beneficiary, company,
product and paid state, in integer cents; the report reads whole months from it. Policies
keep the product they were issued for (until now read through their quote). Both are filled
from the existing rows.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision: str = "core_0009"
down_revision: str | Sequence[str] | None = "core_0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KEY = ("agent_id", "parent_agent_id", "referrer_id", "company", "product_id")
AMOUNTS = ("commission", "agent", "parent", "referrer")
STORED = ("commission", "agent_total", "parent_total", "referrer_total")


def upgrade() -> None:
    op.add_column("policies", sa.Column("product_id", sa.String(32), nullable=True))
    op.execute(
        "UPDATE policies SET product_id = "
        "(SELECT quotes.product_id FROM quotes WHERE quotes.id = policies.quote_id)"
    )
    op.create_table(
        "commission_months",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("tenant_id", sa.String(64), nullable=False),
        sa.Column("month", sa.Date(), nullable=False),
        *(
            sa.Column(key, sa.String(100 if key == "company" else 32), nullable=False)
            for key in KEY
        ),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.Column("items", sa.Integer(), nullable=False),
        *(sa.Column(amount, sa.BigInteger(), nullable=False) for amount in AMOUNTS),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_commission_months")),
        sa.UniqueConstraint(
            "tenant_id",
            "month",
            *KEY,
            "paid",
            name="uq_commission_months_key",
        ),
    )
    op.create_index(
        "ix_commission_months_tenant_id", "commission_months", ["tenant_id"], unique=False
    )
    enable_tenant_rls(op.get_bind(), "commission_months")
    _backfill()


def _backfill() -> None:
    """Every tenant's items, summed as ``core.domain.commissions.summary`` keeps them."""
    postgres = op.get_bind().dialect.name == "postgresql"

    def month(column: str) -> str:
        if postgres:
            return f"CAST(date_trunc('month', {column}) AS DATE)"
        return f"date({column}, 'start of month')"

    def item(table: str, day: str) -> str:
        keys = [f"COALESCE(p.{k}, '') AS {k}" for k in KEY]
        amounts = [
            f"CAST(ROUND({table}.{column} * 100) AS BIGINT) AS {name}"
            for column, name in zip(STORED, AMOUNTS, strict=True)
        ]
        fields = ["p.tenant_id", f"{month(day)} AS month", *keys, f"{table}.paid", *amounts]
        return ", ".join(fields)

    new_id = "md5(random()::text)" if postgres else "lower(hex(randomblob(16)))"
    columns = ", ".join(KEY)
    sums = ", ".join(f"sum({a})" for a in AMOUNTS)
    op.execute(
        f"""
        INSERT INTO commission_months
            (id, tenant_id, month, {columns}, paid, items, {", ".join(AMOUNTS)})
        SELECT {new_id}, tenant_id, month, {columns}, paid, count(*), {sums}
        FROM (
            SELECT {item("i", "i.cassa_date")}
            FROM policy_instalments i JOIN policies p ON p.id = i.policy_id
            WHERE i.cassa_date IS NOT NULL
            UNION ALL
            SELECT {item("p", "p.start_date")}
            FROM policies p
            WHERE p.frequency = 'UNICO' AND p.start_date IS NOT NULL
        ) items
        GROUP BY tenant_id, month, {columns}, paid
        """
    )


def downgrade() -> None:
    op.drop_index("ix_commission_months_tenant_id", table_name="commission_months")
    op.drop_table("commission_months")
    with op.batch_alter_table("policies") as batch_op:
        batch_op.drop_column("product_id")
