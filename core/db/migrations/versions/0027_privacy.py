"""privacy: the notice's versions, the customers' consents, the processing log

Revision ID: core_0027
Revises: core_0026
Create Date: 2026-11-29 23:00:00.000000

``privacy_notices`` keeps every version of the tenant's privacy notice (arts. 12-14 GDPR);
``privacy_consents`` each consent given or revoked (art. 7 GDPR), never overwritten;
``privacy_log`` the processing operations (art. 30 GDPR), append-only: on PostgreSQL its
row-level security has a read policy and an insert policy and none for UPDATE or DELETE, so
the app's role can neither change nor remove an entry. New tables only: nothing to
backfill, and the previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy import text
from sqlalchemy.dialects import postgresql

from core.db.rls import POLICY, enable_tenant_rls

revision: str = "core_0027"
down_revision: str | Sequence[str] | None = "core_0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TENANT = "tenant_id = current_setting('sportello.tenant_id', true)"


def _append_only_rls(table: str) -> None:
    """Row-level security admitting the tenant's reads and inserts only."""
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text(f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY'))
    conn.execute(text(f'DROP POLICY IF EXISTS {POLICY} ON "{table}"'))
    conn.execute(text(f'DROP POLICY IF EXISTS {POLICY}_append ON "{table}"'))
    conn.execute(text(f'CREATE POLICY {POLICY} ON "{table}" FOR SELECT USING ({TENANT})'))
    conn.execute(
        text(f'CREATE POLICY {POLICY}_append ON "{table}" FOR INSERT WITH CHECK ({TENANT})')
    )


def upgrade() -> None:
    op.create_table(
        "privacy_notices",
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("author_id", sa.String(length=32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"], ["users.id"], name=op.f("fk_privacy_notices_author_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_privacy_notices")),
        sa.UniqueConstraint("tenant_id", "version", name=op.f("uq_privacy_notices_tenant_id_version")),
    )  # fmt: skip
    enable_tenant_rls(op.get_bind(), "privacy_notices")
    with op.batch_alter_table("privacy_notices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_privacy_notices_tenant_id"), ["tenant_id"])

    op.create_table(
        "privacy_consents",
        sa.Column("client_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("given", sa.Boolean(), nullable=False),
        sa.Column("notice_version", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("recorded_by", sa.String(length=32), nullable=True),
        sa.Column("quote_id", sa.String(length=32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["client_id"], ["clients.id"], name=op.f("fk_privacy_consents_client_id_clients"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["recorded_by"], ["users.id"], name=op.f("fk_privacy_consents_recorded_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_privacy_consents")),
    )  # fmt: skip
    enable_tenant_rls(op.get_bind(), "privacy_consents")
    with op.batch_alter_table("privacy_consents", schema=None) as batch_op:
        batch_op.create_index(
            "ix_privacy_consents_client", ["tenant_id", "client_id", "at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_privacy_consents_tenant_id"), ["tenant_id"])

    op.create_table(
        "privacy_log",
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.String(length=32), nullable=True),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("client_id", sa.String(length=32), nullable=True),
        sa.Column(
            "details", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_privacy_log")),
    )  # fmt: skip
    _append_only_rls("privacy_log")
    with op.batch_alter_table("privacy_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_privacy_log_action"), ["action"])
        batch_op.create_index(batch_op.f("ix_privacy_log_client_id"), ["client_id"])
        batch_op.create_index("ix_privacy_log_tenant_at", ["tenant_id", "at"], unique=False)
        batch_op.create_index(batch_op.f("ix_privacy_log_tenant_id"), ["tenant_id"])


def downgrade() -> None:
    op.drop_table("privacy_log")
    op.drop_table("privacy_consents")
    op.drop_table("privacy_notices")
