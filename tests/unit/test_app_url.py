"""The URL the app connects with on PostgreSQL: the app role's, never with the owner's
password; SQLite's as it is."""

from __future__ import annotations

import pytest

from core.db.engine import app_url
from core.settings import DatabaseSettings, Settings

OWNER = "postgresql+psycopg://owner:owner-secret@db.example:6543/sportello?sslmode=require"


def _settings(url: str, app_password: str = "") -> Settings:
    return Settings(
        db=DatabaseSettings(url=url, app_role="sportello_app", app_password=app_password)
    )


@pytest.mark.parametrize(("app_password", "expected"), [("", None), ("app-secret", "app-secret")])
def test_the_app_role_never_carries_the_owners_password(
    app_password: str, expected: str | None
) -> None:
    url = app_url(_settings(OWNER, app_password))
    assert url.username == "sportello_app"
    assert url.password == expected
    assert "owner-secret" not in url.render_as_string(hide_password=False)
    assert (url.host, url.port, url.database) == ("db.example", 6543, "sportello")
    assert url.query == {"sslmode": "require"}
    assert url.drivername == "postgresql+psycopg"


def test_sqlite_is_left_as_it_is() -> None:
    url = app_url(_settings("sqlite+aiosqlite:////tmp/x/sportello.db"))
    assert url.render_as_string() == "sqlite+aiosqlite:////tmp/x/sportello.db"
