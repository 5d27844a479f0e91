"""The cluster's own PostgreSQL database, created when missing."""

from __future__ import annotations

from sqlalchemy.engine import make_url


def ensure_database(url: str) -> bool:
    """Create the database ``url`` names (connecting to the server's ``postgres`` database as
    its user) unless it exists; whether it was created."""
    import psycopg
    from psycopg import sql

    target = make_url(url)
    if target.get_backend_name() != "postgresql" or not target.database:
        raise ValueError(f"Serve un URL PostgreSQL con il nome del database: {url}")
    admin = target.set(drivername="postgresql", database="postgres", query={})
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        found = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (target.database,)
        ).fetchone()
        if found:
            return False
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(target.database)))
    return True


def drop_database(url: str) -> None:
    """Drop the database ``url`` names, closing its connections (a test's own cluster)."""
    import psycopg
    from psycopg import sql

    target = make_url(url)
    admin = target.set(drivername="postgresql", database="postgres", query={})
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        name = sql.Identifier(str(target.database))
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
