"""Data files are created private: the SQLite database, its folder and the generated key."""

from __future__ import annotations

import stat
from pathlib import Path

from sqlalchemy import make_url, text

from core.db.engine import make_engine
from core.settings import Settings


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_a_new_sqlite_database_and_its_folder_are_private(
    tmp_path: Path, settings: Settings
) -> None:
    database = tmp_path / "fresh" / "sportello.db"
    engine = make_engine(make_url(f"sqlite+aiosqlite:///{database}"), settings)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (x INTEGER)"))
            await conn.execute(text("INSERT INTO t VALUES (1)"))
    finally:
        await engine.dispose()
    assert _mode(database) == 0o600
    assert _mode(database.parent) == 0o700
    for companion in database.parent.glob("sportello.db-*"):  # -wal, -shm while open
        assert _mode(companion) == 0o600


def test_the_generated_secret_key_is_private(tmp_path: Path, settings: Settings) -> None:
    local = settings.model_copy(
        update={
            "app": settings.app.model_copy(update={"data_dir": tmp_path / "data"}),
            "auth": settings.auth.model_copy(update={"secret_key": ""}),
        }
    )
    key = local.signing_key()
    path = tmp_path / "data" / ".secret_key"
    assert path.read_text().strip() == key
    assert _mode(path) == 0o600
