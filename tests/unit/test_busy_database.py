"""SQLite still locked after its busy timeout is load, not a bug: 429 with Retry-After."""

from sqlalchemy.exc import OperationalError

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
