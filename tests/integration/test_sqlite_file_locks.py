"""Opening another engine on the SQLite file keeps the locks this process already holds
(closing any descriptor of a file drops all of a process's POSIX locks on it)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from sqlalchemy.engine import make_url

from core.db.engine import make_engine
from core.settings import Settings

TRY_TO_WRITE = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    conn.execute("BEGIN IMMEDIATE")
except sqlite3.OperationalError as exc:
    print(exc)
else:
    print("written")
"""


def _other_process_writes(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", TRY_TO_WRITE, str(path)],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return done.stdout.strip()


async def test_a_new_engine_does_not_release_a_write_lock_held_in_this_process(
    tmp_path: Path, settings: Settings
) -> None:
    path = tmp_path / "locks.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x INTEGER)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO t VALUES (1)")
    assert _other_process_writes(path) == "database is locked"

    engine = make_engine(make_url(f"sqlite+aiosqlite:///{path}"), settings)
    await engine.dispose()

    assert _other_process_writes(path) == "database is locked"
    holder.execute("COMMIT")
    assert _other_process_writes(path) == "written"
    holder.close()
