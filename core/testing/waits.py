"""What a test was waiting on when a call timed out: the asyncio tasks of its loop (the live
server runs in it) and, on PostgreSQL, the run's sessions that wait on a lock and who holds it.

A call that times out says only that no answer came; this says where the answer stopped.
"""

from __future__ import annotations

from core.testing.environment import PG_SCHEMA, TEST_DATABASE_URL
from core.testing.hang_report import tasks_report

_SESSIONS = """
SELECT pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) AS blocked_by,
       round(extract(epoch FROM now() - xact_start)::numeric, 2) AS in_transaction_s,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
  AND (state <> 'idle' OR wait_event_type = 'Lock')
ORDER BY xact_start NULLS LAST
"""


def database_report() -> str:
    """The run's PostgreSQL sessions that are busy, idle in a transaction or waiting on a
    lock, oldest transaction first; empty on SQLite or when the server cannot be reached."""
    if not TEST_DATABASE_URL.startswith("postgresql"):
        return ""
    import psycopg

    url = TEST_DATABASE_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=3) as conn:
            rows = conn.execute(_SESSIONS).fetchall()
    except psycopg.Error as error:
        return f"(PostgreSQL sessions unavailable: {error})\n"
    lines = [f"--- PostgreSQL sessions (schema {PG_SCHEMA}; pid, state, wait, blocked by, s)"]
    lines += [" | ".join(str(value) for value in row) for row in rows]
    return "\n".join(lines) + "\n"


def waits_report() -> str:
    """Where this loop's tasks wait, then the database's waiting sessions."""
    return tasks_report() + database_report()
