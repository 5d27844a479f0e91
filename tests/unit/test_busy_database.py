"""SQLite still locked after its busy timeout is load, not a bug: 429 with Retry-After."""

from psycopg import errors as psycopg_errors
from sqlalchemy.exc import DBAPIError, OperationalError

from core.db.engine import is_busy
from core.http.errors import server_error


def test_a_locked_database_is_answered_429_with_retry_after() -> None:
    locked = OperationalError("BEGIN IMMEDIATE", {}, Exception("database is locked"))
    answer = server_error(None, locked)  # type: ignore[arg-type]
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "2"
    assert answer.content["error"]["message"] == (
        "Servizio molto carico: riprova tra qualche secondo"
    )


def test_other_database_errors_stay_server_errors() -> None:
    broken = OperationalError("SELECT", {}, Exception("no such table: quotes"))
    assert not is_busy(broken)
    assert server_error(None, broken).status_code == 500  # type: ignore[arg-type]


def test_a_postgresql_deadlock_or_serialization_failure_is_retryable_load() -> None:
    """Two requests locking the same rows in opposite order (say, each agent made the
    other's sub-agent at once): PostgreSQL aborts one, which is asked to retry, not a 500."""
    for error in (
        psycopg_errors.DeadlockDetected("deadlock detected"),
        psycopg_errors.SerializationFailure("could not serialize access"),
    ):
        wrapped = DBAPIError.instance("UPDATE users", {}, error, psycopg_errors.Error)
        assert is_busy(wrapped)
        assert server_error(None, wrapped).status_code == 429  # type: ignore[arg-type]


def test_other_postgresql_errors_stay_server_errors() -> None:
    undefined = psycopg_errors.UndefinedTable('relation "quotes" does not exist')
    wrapped = DBAPIError.instance("SELECT", {}, undefined, psycopg_errors.Error)
    assert not is_busy(wrapped)
