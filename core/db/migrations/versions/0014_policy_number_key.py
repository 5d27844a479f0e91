"""policies: a number key unique per company and tenant, and the issue override

Revision ID: core_0014
Revises: core_0013
Create Date: 2026-11-27 17:00:00.000000

``number_key`` is the policy number in upper case without spaces; the unique index
``ux_policies_tenant_company_number`` on (tenant, company, number_key) keeps one number per
company. Existing rows get their key in order of issue (``created_at``, then ``id``): the first
policy of a company with a given key keeps it; a later duplicate keeps its number and every
other field but gets no key (NULL, which the index does not compare), so the upgrade never
fails on old data. Such duplicates can be found afterwards with
``SELECT id, company, number FROM policies WHERE number IS NOT NULL AND number_key IS NULL``.
``issue_override`` records a policy issued despite refused or missing documents.
"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from core.db.types import JSONType

revision: str = "core_0014"
down_revision: str | Sequence[str] | None = "core_0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ux_policies_tenant_company_number"
_SPACES = re.compile(r"\s+")


def _key(number: str | None) -> str | None:
    """The rule of :func:`core.db.models.policies.number_key`, as of this revision."""
    key = _SPACES.sub("", number or "").upper()
    return key or None


def upgrade() -> None:
    # plain add_column: on SQLite a batch copy of ``policies`` would cascade to instalments
    op.add_column("policies", sa.Column("number_key", sa.String(100), nullable=True))
    op.add_column("policies", sa.Column("issue_override", JSONType, nullable=True))
    policies = sa.table(
        "policies",
        sa.column("id", sa.String),
        sa.column("tenant_id", sa.String),
        sa.column("company", sa.String),
        sa.column("number", sa.String),
        sa.column("number_key", sa.String),
        sa.column("created_at", sa.DateTime),
    )
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(policies.c.id, policies.c.tenant_id, policies.c.company, policies.c.number)
        .where(policies.c.number.is_not(None))
        .order_by(policies.c.created_at, policies.c.id)
    ).all()
    seen: set[tuple[str, str | None, str]] = set()
    keys: list[dict[str, str]] = []
    for row_id, tenant_id, company, number in rows:
        key = _key(number)
        if key is None or (tenant_id, company, key) in seen:
            continue  # a later duplicate: no key
        seen.add((tenant_id, company, key))
        keys.append({"row_id": row_id, "key": key})
    if keys:
        bind.execute(
            policies.update()
            .where(policies.c.id == sa.bindparam("row_id"))
            .values(number_key=sa.bindparam("key")),
            keys,
        )
    op.create_index(INDEX, "policies", ["tenant_id", "company", "number_key"], unique=True)


def downgrade() -> None:
    op.drop_index(INDEX, table_name="policies")
    op.drop_column("policies", "issue_override")
    op.drop_column("policies", "number_key")
