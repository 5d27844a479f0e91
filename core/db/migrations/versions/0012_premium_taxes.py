"""premiums split into net and taxes: policies, instalments and a product's ramo

Revision ID: core_0012
Revises: core_0011
Create Date: 2026-11-27 17:30:00.000000

Policies gain their ramo, net premium, tax total, taxes (JSON) and whether the split was
derived; instalments their net and tax share; products the ramo their offers default to.
Existing rows keep their gross: no product had a ramo, so their ramo is unknown, and the
derived split has no tax (net = gross, taxes none), flagged as derived. Their commission,
computed on that gross, stays as it was. Their stored payloads become stale (the shape
version changes) and are stored again before serving.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.types import JSONType

revision: str = "core_0012"
down_revision: str | Sequence[str] | None = "core_0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


MONEY = sa.Numeric(precision=12, scale=2)


def _money(table: str, column: str) -> None:
    op.add_column(table, sa.Column(column, MONEY, nullable=False, server_default="0"))


def upgrade() -> None:
    # Plain ADD COLUMNs: on SQLite a batch would copy ``policies``, whose instalments cascade.
    op.add_column("policies", sa.Column("ramo", sa.String(32), nullable=True))
    _money("policies", "net_premium")
    _money("policies", "tax_total")
    op.add_column("policies", sa.Column("taxes", JSONType, nullable=False, server_default="[]"))
    op.add_column(
        "policies",
        sa.Column("tax_derived", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    _money("policy_instalments", "net")
    _money("policy_instalments", "tax")
    op.add_column("products", sa.Column("ramo", sa.String(32), nullable=True))
    derived = sa.text(
        "UPDATE policies SET net_premium = premium, tax_total = 0, tax_derived = :derived"
    ).bindparams(derived=True)
    op.execute(derived)
    op.execute(sa.text("UPDATE policy_instalments SET net = total, tax = 0"))


def downgrade() -> None:
    with op.batch_alter_table("products") as batch_op:
        batch_op.drop_column("ramo")
    with op.batch_alter_table("policy_instalments") as batch_op:
        for column in ("tax", "net"):
            batch_op.drop_column(column)
    with op.batch_alter_table("policies") as batch_op:
        for column in ("tax_derived", "taxes", "tax_total", "net_premium", "ramo"):
            batch_op.drop_column(column)
