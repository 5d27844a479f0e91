"""PostgreSQL row-level security: the second wall behind the ORM scoping.

Each tenant-owned table gets a policy admitting only rows whose ``tenant_id`` equals the
transaction's ``sportello.tenant_id`` setting. The app connects as ``DATABASE_APP_ROLE``,
a role that owns nothing and cannot bypass RLS; the owner runs migrations.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Connection

POLICY = "tenant_isolation"


def enable_tenant_rls(conn: Connection, table: str) -> None:
    """Turn on RLS for ``table`` (idempotent). Called by migrations, core's and plugins'."""
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text(f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY'))
    conn.execute(text(f'DROP POLICY IF EXISTS {POLICY} ON "{table}"'))
    conn.execute(
        text(
            f'CREATE POLICY {POLICY} ON "{table}" '
            "USING (tenant_id = current_setting('sportello.tenant_id', true)) "
            "WITH CHECK (tenant_id = current_setting('sportello.tenant_id', true))"
        )
    )


def ensure_app_role(conn: Connection, role: str, password: str = "") -> None:
    """Create the app role if missing and grant it data access in the current schema."""
    if conn.dialect.name != "postgresql":
        return
    exists = conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": role}).scalar()
    if not exists:
        conn.execute(
            text(f'CREATE ROLE "{role}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE')
        )
    if password:
        conn.execute(text(f'ALTER ROLE "{role}" PASSWORD :p'), {"p": password})
    schema = conn.execute(text("SELECT current_schema()")).scalar_one()
    conn.execute(text(f'GRANT USAGE ON SCHEMA "{schema}" TO "{role}"'))
    conn.execute(
        text(f'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" TO "{role}"')
    )
    conn.execute(text(f'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA "{schema}" TO "{role}"'))


class UnsafeDatabaseRole(RuntimeError):
    """The app's database role could read every tenant's rows."""


def check_app_role(conn: Connection) -> None:
    """Refuse to run when the connected role bypasses RLS or owns tenant tables."""
    if conn.dialect.name != "postgresql":
        return
    row = conn.execute(
        text(
            "SELECT current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user"
        )
    ).one()
    if row.rolsuper or row.rolbypassrls:
        raise UnsafeDatabaseRole(
            f"il ruolo {row.current_user!r} scavalca la row-level security: "
            "usa un ruolo senza SUPERUSER né BYPASSRLS (DATABASE_APP_ROLE)"
        )
    owned = conn.execute(
        text(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
            "AND tableowner = current_user"
        )
    ).scalar_one()
    if owned:
        raise UnsafeDatabaseRole(
            f"il ruolo {row.current_user!r} possiede {owned} tabelle e scavalca la RLS"
        )
