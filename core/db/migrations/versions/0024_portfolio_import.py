"""portfolio import: sources, keys and jobs

Revision ID: core_0024
Revises: core_0023
Create Date: 2026-11-29 19:33:10.774196

``import_sources`` holds the sources a broker imports its portfolio from ("Portale Compagnia
X") with their saved column mapping, ``import_keys`` the key each source gave every record it
imported (what makes a second run of a file change nothing), ``import_jobs`` each import's state
and progress, readable by any worker (``core.domain.portfolio``). New tables only: nothing to
backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from core.db.rls import enable_tenant_rls

revision: str = "core_0024"
down_revision: str | Sequence[str] | None = "core_0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "import_sources",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column(
            "mapping", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_sources")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_import_sources_tenant_id_name")),
    )
    enable_tenant_rls(op.get_bind(), "import_sources")
    with op.batch_alter_table("import_sources", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_import_sources_tenant_id"), ["tenant_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_import_sources_updated_at"), ["updated_at"], unique=False
        )

    op.create_table(
        "import_jobs",
        sa.Column("source_id", sa.String(length=32), nullable=True),
        sa.Column("user_id", sa.String(length=32), nullable=True),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("dry_run", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column(
            "counts", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column(
            "errors", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("message", sa.String(length=500), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["source_id"],
            ["import_sources.id"],
            name=op.f("fk_import_jobs_source_id_import_sources"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_import_jobs_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_jobs")),
    )
    enable_tenant_rls(op.get_bind(), "import_jobs")
    with op.batch_alter_table("import_jobs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_import_jobs_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_import_jobs_updated_at"), ["updated_at"], unique=False)

    op.create_table(
        "import_keys",
        sa.Column("source_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("record_id", sa.String(length=32), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["source_id"],
            ["import_sources.id"],
            name=op.f("fk_import_keys_source_id_import_sources"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_keys")),
    )
    enable_tenant_rls(op.get_bind(), "import_keys")
    with op.batch_alter_table("import_keys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_import_keys_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(
            "ux_import_keys_source_kind_key", ["tenant_id", "source_id", "kind", "key"], unique=True
        )


def downgrade() -> None:
    with op.batch_alter_table("import_keys", schema=None) as batch_op:
        batch_op.drop_index("ux_import_keys_source_kind_key")
        batch_op.drop_index(batch_op.f("ix_import_keys_tenant_id"))

    op.drop_table("import_keys")
    with op.batch_alter_table("import_jobs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_import_jobs_updated_at"))
        batch_op.drop_index(batch_op.f("ix_import_jobs_tenant_id"))

    op.drop_table("import_jobs")
    with op.batch_alter_table("import_sources", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_import_sources_updated_at"))
        batch_op.drop_index(batch_op.f("ix_import_sources_tenant_id"))

    op.drop_table("import_sources")
