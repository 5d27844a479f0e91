"""pre-contract documents, product documents

Revision ID: core_0028
Revises: core_0027
Create Date: 2026-11-29 22:41:00.262833

``product_documents`` holds a product's company documents (DIP, DIP aggiuntivo, conditions),
``precontract_sets`` each version of a quote's pre-contract documents (IVASS Reg. 40/2018,
Allegati 3, 4, 4-ter) with their hashes and the customer's confirmation or an admin's override
(``core.domain.precontract``). New tables only: nothing to backfill, and the previous release
reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0028"
down_revision: str | Sequence[str] | None = "core_0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "product_documents",
        sa.Column("product_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("storage_key", sa.String(length=500), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("size", sa.BigInteger(), nullable=False),
        sa.Column("current", sa.Boolean(), nullable=False),
        sa.Column("uploaded_by", sa.String(length=32), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"],
            ["products.id"],
            name=op.f("fk_product_documents_product_id_products"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["uploaded_by"],
            ["users.id"],
            name=op.f("fk_product_documents_uploaded_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_product_documents")),
    )
    enable_tenant_rls(op.get_bind(), "product_documents")
    with op.batch_alter_table("product_documents", schema=None) as batch_op:
        batch_op.create_index(
            "ix_product_documents_product_kind", ["product_id", "kind"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_product_documents_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_product_documents_updated_at"), ["updated_at"], unique=False
        )

    op.create_table(
        "precontract_sets",
        sa.Column("quote_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column(
            "documents", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("made_by", sa.String(length=32), nullable=True),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("code_hash", sa.String(length=64), nullable=True),
        sa.Column("code_sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("code_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("code_attempts", sa.Integer(), nullable=False),
        sa.Column("codes_sent", sa.Integer(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("confirmed_address", sa.String(length=64), nullable=True),
        sa.Column("confirmed_channel", sa.String(length=20), nullable=True),
        sa.Column(
            "confirmed_hashes",
            sa.JSON().with_variant(postgresql.JSONB(), "postgresql"),
            nullable=False,
        ),
        sa.Column("override_by", sa.String(length=32), nullable=True),
        sa.Column("override_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("override_reason", sa.String(length=500), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["made_by"],
            ["users.id"],
            name=op.f("fk_precontract_sets_made_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["override_by"],
            ["users.id"],
            name=op.f("fk_precontract_sets_override_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["quote_id"],
            ["quotes.id"],
            name=op.f("fk_precontract_sets_quote_id_quotes"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_precontract_sets")),
        sa.UniqueConstraint(
            "quote_id", "version", name=op.f("uq_precontract_sets_quote_id_version")
        ),
    )
    enable_tenant_rls(op.get_bind(), "precontract_sets")
    with op.batch_alter_table("precontract_sets", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_precontract_sets_confirmed_at"), ["confirmed_at"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_precontract_sets_quote_id"), ["quote_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_precontract_sets_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_precontract_sets_updated_at"), ["updated_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("precontract_sets", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_precontract_sets_updated_at"))
        batch_op.drop_index(batch_op.f("ix_precontract_sets_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_precontract_sets_quote_id"))
        batch_op.drop_index(batch_op.f("ix_precontract_sets_confirmed_at"))

    op.drop_table("precontract_sets")
    with op.batch_alter_table("product_documents", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_product_documents_updated_at"))
        batch_op.drop_index(batch_op.f("ix_product_documents_tenant_id"))
        batch_op.drop_index("ix_product_documents_product_kind")

    op.drop_table("product_documents")
