"""the search box finds a claim by its counterparties (PostgreSQL only)

Revision ID: core_0023
Revises: core_0022
Create Date: 2026-11-29 20:00:00.000000

A claim is searched by the other parties' names and plates too (``counterparties``): one more
trigram index, written as the query writes it, and ``search_claims_ids`` matching it as
migration ``core_0022`` made the function (``SECURITY DEFINER``, bound to the transaction's
tenant, at most a thousand ids). Nothing to backfill.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0023"
down_revision: str | Sequence[str] | None = "core_0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ix_claims_counterparties_trgm"
EXPRESSION = "(lower(CAST(counterparties AS VARCHAR)))"
BEFORE = (
    "lower(customer) LIKE $2 OR lower(policy_number) LIKE $2 "
    "OR lower(company_claim_number) LIKE $2 OR lower(place) LIKE $2"
)
AFTER = f"{BEFORE} OR lower(CAST(counterparties AS VARCHAR)) LIKE $2"


def _function(matches: str) -> None:
    here = op.get_bind().scalar(sa.text("SELECT current_schema()"))
    op.execute(
        "CREATE OR REPLACE FUNCTION search_claims_ids(p text) RETURNS SETOF varchar "
        f'LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = "{here}" '
        "SET enable_seqscan = off AS $$ BEGIN "
        "RETURN QUERY EXECUTE 'SELECT id FROM claims WHERE (tenant_id = $1) IS TRUE "
        f"AND ({matches}) LIMIT 1000' "
        "USING current_setting('sportello.tenant_id', true), p; END $$"
    )


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    schema = op.get_bind().scalar(
        sa.text(
            "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'"
        )
    )
    op.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON claims "
        f"USING gin ({EXPRESSION} {schema}.gin_trgm_ops)"
    )
    _function(AFTER)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _function(BEFORE)
    op.execute(f"DROP INDEX IF EXISTS {INDEX}")
