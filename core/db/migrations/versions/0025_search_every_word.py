"""the search box's functions narrow on every word typed (PostgreSQL only)

Revision ID: core_0025
Revises: core_0024
Create Date: 2026-11-29 21:30:00.000000

The search matches each word typed in any field (``core.db.like.every_word``). Its
``search_<table>_ids`` functions (migration ``core_0022``) took one pattern: narrowed on one
word, a full name with a common surname found at most a thousand of that surname's rows, and the
one asked for could be past them. They now take every word's pattern (``text[]``) and keep the
rows where each word matches one of the columns, through the same trigram indexes (PostgreSQL
ANDs their bitmaps), at most a thousand; the clients' keep their plate alternative.
``search_<table>_sql`` gives the query each runs, for ``EXPLAIN`` (``bench/search.py``).
Nothing to backfill; the previous release's one-pattern calls are dropped with the old functions.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0025"
down_revision: str | Sequence[str] | None = "core_0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CANDIDATES = 1000

WORD_MATCHES = {
    "clients": "lower(name) LIKE lower({p}) OR lower(fiscal_code) LIKE lower({p}) "
    "OR lower(email) LIKE lower({p}) OR lower(phone) LIKE lower({p})",
    "quotes": "lower(CAST(usr_data AS VARCHAR)) LIKE {p}",
    "policies": "lower(number) LIKE {p} OR lower(CAST(pr AS VARCHAR)) LIKE {p}",
    "claims": "lower(customer) LIKE {p} OR lower(policy_number) LIKE {p} "
    "OR lower(company_claim_number) LIKE {p} OR lower(place) LIKE {p} "
    "OR lower(CAST(counterparties AS VARCHAR)) LIKE {p}",
}
PLATE = "lower(CAST(data AS VARCHAR)) LIKE lower($3)"
"""The clients' other way in: a plate starting with the text (``$3``)."""

OLD = {
    "clients": "search_clients_ids(text, text)",
    "quotes": "search_quotes_ids(text)",
    "policies": "search_policies_ids(text)",
    "claims": "search_claims_ids(text)",
}


def _arguments(table: str) -> tuple[str, str]:
    """The new functions' parameters, and what their query is run with."""
    if table == "clients":
        return "p text[], plate text", "current_setting('sportello.tenant_id', true), p, plate"
    return "p text[]", "current_setting('sportello.tenant_id', true), p"


def _sql_function(table: str) -> str:
    """``search_<table>_sql``: the query, each word's condition ANDed (``$2[i]``)."""
    parameters, _ = _arguments(table)
    word = WORD_MATCHES[table].replace("'", "''")
    body = (
        "DECLARE words text := 'TRUE'; i int; BEGIN "
        "FOR i IN 1 .. coalesce(array_length(p, 1), 0) LOOP "
        f"words := words || ' AND (' || replace('{word}', '{{p}}', '$2[' || i || ']') || ')'; "
        "END LOOP; "
        + (
            f"RETURN 'SELECT id FROM {table} WHERE (tenant_id = $1) IS TRUE AND ((' || words "
            f"|| ') OR ({PLATE})) LIMIT {CANDIDATES}'; "
            if table == "clients"
            else f"RETURN 'SELECT id FROM {table} WHERE (tenant_id = $1) IS TRUE AND ' || words "
            f"|| ' LIMIT {CANDIDATES}'; "
        )
        + "END"
    )
    return (
        f"CREATE OR REPLACE FUNCTION search_{table}_sql({parameters}) RETURNS text "
        f"LANGUAGE plpgsql IMMUTABLE AS $$ {body} $$"
    )


def _ids_function(table: str, schema: str) -> str:
    parameters, arguments = _arguments(table)
    names = "p" if table != "clients" else "p, plate"
    # EXECUTE: planned with the patterns known; no sequential scan, the tenant checked on what
    # the trigram indexes find (as in core_0022)
    return (
        f"CREATE OR REPLACE FUNCTION search_{table}_ids({parameters}) RETURNS SETOF varchar "
        f'LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = "{schema}" '
        "SET enable_seqscan = off AS $$ BEGIN "
        f"RETURN QUERY EXECUTE search_{table}_sql({names}) USING {arguments}; END $$"
    )


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    schema = op.get_bind().scalar(sa.text("SELECT current_schema()"))
    for table, signature in OLD.items():
        op.execute(f"DROP FUNCTION IF EXISTS {signature}")
        op.execute(_sql_function(table))
        op.execute(_ids_function(table, schema))


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    schema = op.get_bind().scalar(sa.text("SELECT current_schema()"))
    for table in OLD:
        parameters, _ = _arguments(table)
        op.execute(f"DROP FUNCTION IF EXISTS search_{table}_ids({parameters})")
        op.execute(f"DROP FUNCTION IF EXISTS search_{table}_sql({parameters})")
        matches = WORD_MATCHES[table].replace("{p}", "$2")
        if table == "clients":
            matches = f"{matches} OR {PLATE}"
        names = "p text, plate text" if table == "clients" else "p text"
        arguments = "current_setting('sportello.tenant_id', true), p"
        arguments += ", plate" if table == "clients" else ""
        op.execute(
            f"CREATE OR REPLACE FUNCTION search_{table}_ids({names}) RETURNS SETOF varchar "
            f'LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = "{schema}" '
            "SET enable_seqscan = off AS $$ BEGIN "
            f"RETURN QUERY EXECUTE 'SELECT id FROM {table} WHERE (tenant_id = $1) IS TRUE "
            f"AND ({matches}) LIMIT {CANDIDATES}' USING {arguments}; END $$"
        )
