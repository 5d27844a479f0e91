"""The SQLite side of a backup: the online backup API (consistent while the server writes)
and the file copied back in place."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import IO

from sqlalchemy.engine import URL

from core.backup.errors import BackupError
from core.storage import private_folder


def database_path(url: URL) -> Path:
    database = url.database or ""
    if not database or database == ":memory:":
        raise BackupError("il database SQLite in memoria non si può salvare")
    return Path(database)


def backup(source: Path, target: Path) -> list[str]:
    """SQLite's online backup (consistent while the server writes); the copy's heads."""
    if not source.is_file():
        raise BackupError(f"database non trovato: {source}")
    src = sqlite3.connect(source)
    dst = sqlite3.connect(target)
    try:
        src.execute("PRAGMA busy_timeout=30000")
        src.backup(dst)
        return heads(dst)
    finally:
        dst.close()
        src.close()


def heads(conn: sqlite3.Connection) -> list[str]:
    try:
        rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.OperationalError:
        return []
    return sorted(str(row[0]) for row in rows)


def is_empty(path: Path) -> bool:
    if not path.is_file() or path.stat().st_size == 0:
        return True
    with closing(sqlite3.connect(path)) as conn:
        found = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[
            0
        ]
    return int(found) == 0


def restore(source: IO[bytes], target: Path) -> None:
    """Copy the database file in place, private (0600), replacing an empty one whole."""
    private_folder(target.parent)
    descriptor, name = tempfile.mkstemp(dir=target.parent, prefix=".restore-")
    with os.fdopen(descriptor, "wb") as copy:
        while chunk := source.read(1024 * 1024):
            copy.write(chunk)
    for leftover in (Path(f"{target}-wal"), Path(f"{target}-shm")):
        leftover.unlink(missing_ok=True)  # an empty database's journal must not replay
    os.replace(name, target)
