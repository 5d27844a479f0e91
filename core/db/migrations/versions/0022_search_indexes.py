"""trigram indexes for the top bar's search (PostgreSQL only)

Revision ID: core_0022
Revises: core_0021
Create Date: 2026-11-29 17:00:00.000000

The search box matches text anywhere in a column (``ILIKE '%…%'``, ``lower(…) LIKE '%…%'``),
which a b-tree cannot answer: at a broker's scale each search would read every client and
policy. pg_trgm's GIN indexes answer it, one per searched column or expression, written as the
queries write them (``lower(…)``, ``CAST(… AS VARCHAR)``) so the planner uses them. SQLite
scans: at its sizes that is fast enough. Their names end in ``_trgm``, which keeps them out of
the comparison with the models (:mod:`core.db.search_indexes`).

Row-level security keeps a ``LIKE`` (not leakproof) from being an index condition for the app's
role, so each searched table gets a ``search_<table>_ids(pattern)`` function, ``SECURITY
DEFINER`` and bound to the transaction's tenant as the policy is: the ids of the tenant's rows
matching, through the indexes, at most a thousand. The search narrows its queries with them and keeps every
condition of its own (:func:`core.db.search_indexes.narrowed`). Nothing to backfill, and the
previous release reads on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0022"
down_revision: str | Sequence[str] | None = "core_0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {
    "ix_clients_name_trgm": ("clients", "(lower(name))"),
    "ix_clients_fiscal_code_trgm": ("clients", "(lower(fiscal_code))"),
    "ix_clients_email_trgm": ("clients", "(lower(email))"),
    "ix_clients_phone_trgm": ("clients", "(lower(phone))"),
    "ix_clients_data_trgm": ("clients", "(lower(CAST(data AS VARCHAR)))"),
    "ix_quotes_usr_data_trgm": ("quotes", "(lower(CAST(usr_data AS VARCHAR)))"),
    "ix_policies_number_trgm": ("policies", "(lower(number))"),
    "ix_policies_pr_trgm": ("policies", "(lower(CAST(pr AS VARCHAR)))"),
    "ix_claims_customer_trgm": ("claims", "(lower(customer))"),
    "ix_claims_policy_number_trgm": ("claims", "(lower(policy_number))"),
    "ix_claims_company_claim_number_trgm": ("claims", "(lower(company_claim_number))"),
    "ix_claims_place_trgm": ("claims", "(lower(place))"),
}


FUNCTIONS = {
    "search_clients_ids(p text, plate text)": (
        "clients",
        "lower(name) LIKE lower($2) OR lower(fiscal_code) LIKE lower($2) "
        "OR lower(email) LIKE lower($2) OR lower(phone) LIKE lower($2) "
        "OR lower(CAST(data AS VARCHAR)) LIKE lower($3)",
    ),
    "search_quotes_ids(p text)": ("quotes", "lower(CAST(usr_data AS VARCHAR)) LIKE $2"),
    "search_policies_ids(p text)": (
        "policies",
        "lower(number) LIKE $2 OR lower(CAST(pr AS VARCHAR)) LIKE $2",
    ),
    "search_claims_ids(p text)": (
        "claims",
        "lower(customer) LIKE $2 OR lower(policy_number) LIKE $2 "
        "OR lower(company_claim_number) LIKE $2 OR lower(place) LIKE $2",
    ),
}

CANDIDATES = 1000
"""At most this many rows a function returns: a text most rows match (a common surname) is
looked for among the first thousand, not among all of them."""

ARGUMENTS = {
    signature: ("p", "plate") if "plate" in signature else ("p",) for signature in FUNCTIONS
}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    # once per database, in public: made in the app's schema, it would go when that schema is
    # dropped, taking every other schema's indexes with it; and a schema's backup names the
    # operator class with its schema, which a restore then finds (core/backup/postgres.py)
    # two migrations at once on a new database (two workers starting) would both create it
    # and one fail on the catalog's unique name: the first takes the lock, the second then
    # finds it made
    op.execute("SELECT pg_advisory_xact_lock(hashtextextended('sportello.pg_trgm', 0))")
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
    # an older database may have it elsewhere: the indexes name the schema it is in
    schema = op.get_bind().scalar(
        sa.text(
            "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'"
        )
    )
    for name, (table, expression) in INDEXES.items():
        op.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} "
            f"USING gin ({expression} {schema}.gin_trgm_ops)"
        )
    here = op.get_bind().scalar(sa.text("SELECT current_schema()"))
    for signature, (table, matches) in FUNCTIONS.items():
        arguments = ", ".join(
            ["current_setting('sportello.tenant_id', true)", *ARGUMENTS[signature]]
        )
        # EXECUTE: planned with the pattern known. The planner underrates what a LIKE costs a
        # row (30 ms for 20,000 clients here, where the trigram index takes 1): no sequential
        # scan, and the tenant checked on what the trigram index finds ('IS TRUE': not a
        # condition the tenant's b-tree index would take over with)
        op.execute(
            f"CREATE OR REPLACE FUNCTION {signature} RETURNS SETOF varchar "
            f'LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = "{here}" '
            "SET enable_seqscan = off AS $$ BEGIN "
            f"RETURN QUERY EXECUTE 'SELECT id FROM {table} WHERE (tenant_id = $1) IS TRUE AND ({matches}) "
            f"LIMIT {CANDIDATES}' "
            f"USING {arguments}; END $$"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for signature in FUNCTIONS:
        op.execute(f"DROP FUNCTION IF EXISTS {signature}")
    for name in INDEXES:
        op.execute(f"DROP INDEX IF EXISTS {name}")
