"""claims: the sinistri opened on policies

Revision ID: core_0017
Revises: core_0016
Create Date: 2026-11-29 10:53:41.537375

``claims`` holds the claims opened on a policy (``core.domain.claims``): the facts, the
company's handling (number, reserve, paid, status with its history) and the policy's agent
tree and customer, copied when the claim opens; ``chats.claim_id`` a claim's chat room. A new
table and a nullable column: nothing to backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0017"
down_revision: str | Sequence[str] | None = "core_0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "claims",
        sa.Column("policy_id", sa.String(length=32), nullable=False),
        sa.Column("policy_number", sa.String(length=100), nullable=True),
        sa.Column("company", sa.String(length=100), nullable=True),
        sa.Column("customer", sa.String(length=200), nullable=False),
        sa.Column("event_date", sa.Date(), nullable=False),
        sa.Column("known_on", sa.Date(), nullable=False),
        sa.Column("third_party_claim_on", sa.Date(), nullable=True),
        sa.Column("place", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column(
            "counterparties",
            sa.JSON().with_variant(postgresql.JSONB(), "postgresql"),
            nullable=False,
        ),
        sa.Column("responsibility", sa.String(length=20), nullable=True),
        sa.Column("company_claim_number", sa.String(length=100), nullable=True),
        sa.Column("reported_on", sa.Date(), nullable=True),
        sa.Column("reserve", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("paid", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column(
            "history", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("opened_by", sa.String(length=20), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "alerts_sent", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column(
            "allegati", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("agent_id", sa.String(length=32), nullable=True),
        sa.Column("parent_agent_id", sa.String(length=32), nullable=True),
        sa.Column("client_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["agent_id"], ["users.id"], name=op.f("fk_claims_agent_id_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["client_id"],
            ["clients.id"],
            name=op.f("fk_claims_client_id_clients"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["parent_agent_id"],
            ["users.id"],
            name=op.f("fk_claims_parent_agent_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["policy_id"],
            ["policies.id"],
            name=op.f("fk_claims_policy_id_policies"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claims")),
    )
    enable_tenant_rls(op.get_bind(), "claims")
    with op.batch_alter_table("claims", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_claims_agent_id"), ["agent_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_client_id"), ["client_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_company"), ["company"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_event_date"), ["event_date"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_opened_at"), ["opened_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_claims_parent_agent_id"), ["parent_agent_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_claims_policy_id"), ["policy_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_claims_updated_at"), ["updated_at"], unique=False)
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("claim_id", sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f("ix_chats_claim_id"), ["claim_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_chats_claim_id_claims"), "claims", ["claim_id"], ["id"],
            ondelete="CASCADE",
        )  # fmt: skip


def downgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_chats_claim_id_claims"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_chats_claim_id"))
        batch_op.drop_column("claim_id")
    with op.batch_alter_table("claims", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_claims_updated_at"))
        batch_op.drop_index(batch_op.f("ix_claims_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_claims_status"))
        batch_op.drop_index(batch_op.f("ix_claims_policy_id"))
        batch_op.drop_index(batch_op.f("ix_claims_parent_agent_id"))
        batch_op.drop_index(batch_op.f("ix_claims_opened_at"))
        batch_op.drop_index(batch_op.f("ix_claims_event_date"))
        batch_op.drop_index(batch_op.f("ix_claims_company"))
        batch_op.drop_index(batch_op.f("ix_claims_client_id"))
        batch_op.drop_index(batch_op.f("ix_claims_agent_id"))

    op.drop_table("claims")
