"""commissions, the balance ledger and the cash sheet's closed days

Revision ID: core_0008
Revises: core_0007
Create Date: 2026-11-26 09:00:00.000000

Policies and instalments keep the whole split of the company commission (agent, parent
agent, referrer; the platform keeps the rest); balance entries get their kind, gross and
withholding, the instalment they post and a key that makes a posting happen once;
``cash_days`` records each closed day of the cash sheet. Policies issued before keep their
agent's part, and their commission becomes that part plus the platform's (as issued).
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls
from core.db.types import JSONType

revision: str = "core_0008"
down_revision: str | Sequence[str] | None = "core_0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONEY = sa.Numeric(precision=12, scale=2)


def _money(table: str, column: str) -> None:
    op.add_column(table, sa.Column(column, MONEY, nullable=False, server_default="0"))


def upgrade() -> None:
    for column in ("commission", "parent_total", "referrer_total"):
        _money("policies", column)
        _money("policy_instalments", column)
    # No foreign key: on SQLite it takes a copy of ``policies``, whose delete would cascade
    # to the instalments; a deleted referrer leaves an id the reports show as removed.
    op.add_column("policies", sa.Column("referrer_id", sa.String(32), nullable=True))
    op.add_column("policies", sa.Column("rates", JSONType, nullable=False, server_default="{}"))
    op.create_index("ix_policies_referrer_id", "policies", ["referrer_id"])
    _money("balance_log", "gross")
    _money("balance_log", "withholding")
    op.add_column(
        "balance_log",
        sa.Column("kind", sa.String(20), nullable=False, server_default="rettifica"),
    )
    with op.batch_alter_table("balance_log") as batch_op:  # nothing refers to it: a copy is safe
        for column, target in (("instalment_id", "policy_instalments"), ("created_by", "users")):
            batch_op.add_column(sa.Column(column, sa.String(32), nullable=True))
            batch_op.create_foreign_key(
                f"fk_balance_log_{column}_{target}", target, [column], ["id"], ondelete="SET NULL"
            )
    op.add_column("balance_log", sa.Column("posting_key", sa.String(120), nullable=True))
    op.create_index(
        "ix_balance_log_tenant_posting_key", "balance_log", ["tenant_id", "posting_key"],
        unique=True,
    )  # fmt: skip
    op.create_table(
        "cash_days",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_by", sa.String(32), nullable=True),
        sa.Column("totals", JSONType, nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["closed_by"],
            ["users.id"],
            name=op.f("fk_cash_days_closed_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_days")),
        sa.UniqueConstraint("tenant_id", "day", name=op.f("uq_cash_days_tenant_id_day")),
    )
    op.create_index("ix_cash_days_tenant_id", "cash_days", ["tenant_id"], unique=False)
    enable_tenant_rls(op.get_bind(), "cash_days")
    _backfill_commissions()


def _backfill_commissions() -> None:
    """A policy issued before: commission = its agent's part + the platform's, spread over
    its instalments as the agent's part was (equal whole cents, the rest on the first)."""
    bind = op.get_bind()
    policies = bind.execute(sa.text("SELECT id, agent_total, quote FROM policies")).all()
    for policy_id, agent_total, quote in policies:
        data: dict[str, Any] = quote if isinstance(quote, dict) else _json(quote)
        price: dict[str, Any] = data["price"] if isinstance(data.get("price"), dict) else {}
        platform = (price.get("platform") or {}).get("tot") or 0
        commission = Decimal(str(agent_total or 0)) + Decimal(str(platform))
        bind.execute(
            sa.text("UPDATE policies SET commission = :c WHERE id = :id"),
            {"c": commission, "id": policy_id},
        )
        numbers = bind.execute(
            sa.text("SELECT id FROM policy_instalments WHERE policy_id = :id ORDER BY number"),
            {"id": policy_id},
        ).all()
        if not numbers:
            continue
        share, rest = divmod(int(commission * 100), len(numbers))
        for k, (instalment_id,) in enumerate(numbers):
            bind.execute(
                sa.text("UPDATE policy_instalments SET commission = :c WHERE id = :id"),
                {"c": Decimal(share + (rest if k == 0 else 0)) / 100, "id": instalment_id},
            )


def _json(value: object) -> dict[str, Any]:
    import json

    try:
        loaded = json.loads(value) if isinstance(value, str) else {}
    except ValueError:
        return {}
    return loaded if isinstance(loaded, dict) else {}


def downgrade() -> None:
    op.drop_index("ix_cash_days_tenant_id", table_name="cash_days")
    op.drop_table("cash_days")
    op.drop_index("ix_balance_log_tenant_posting_key", table_name="balance_log")
    op.drop_index("ix_policies_referrer_id", table_name="policies")
    with op.batch_alter_table("balance_log") as batch_op:
        for column in (
            "created_by",
            "posting_key",
            "instalment_id",
            "kind",
            "withholding",
            "gross",
        ):
            batch_op.drop_column(column)
    with op.batch_alter_table("policy_instalments") as batch_op:
        for column in ("referrer_total", "parent_total", "commission"):
            batch_op.drop_column(column)
    with op.batch_alter_table("policies") as batch_op:
        for column in ("rates", "referrer_id", "referrer_total", "parent_total", "commission"):
            batch_op.drop_column(column)
