"""``sportello backup`` and ``restore`` as real processes (SQLite pass): a backup taken while
another process writes is consistent, and a second restore is refused with exit code 1."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from tests.cli.processes import flat, once, sportello, tables

WRITER = """
import sqlite3, sys, time
from pathlib import Path
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode=WAL")
conn.execute("PRAGMA busy_timeout=30000")
stop, n = Path(sys.argv[2]), 0
while not stop.exists():
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO probe VALUES (?)", (n,))
    time.sleep(0.002)  # the transaction stays open a moment: a backup may fall inside it
    conn.execute("INSERT INTO probe VALUES (?)", (n,))
    conn.execute("COMMIT")
    n += 1
"""


def _probe_rows(database: Path) -> int:
    with sqlite3.connect(database) as conn:
        return int(conn.execute("SELECT count(*) FROM probe").fetchone()[0])


@once
def test_a_backup_taken_while_a_process_writes_restores_whole(tmp_path: Path) -> None:
    source, target = tmp_path / "source", tmp_path / "target"
    source.mkdir()
    target.mkdir()
    migrated = sportello(source, "migrate")
    assert migrated.returncode == 0, migrated.stderr
    (source / "files" / "rcadealer").mkdir(parents=True)
    (source / "files" / "rcadealer" / "abc-polizza.pdf").write_bytes(b"%PDF-1.4 polizza")
    with sqlite3.connect(source / "x.db") as conn:
        conn.execute("CREATE TABLE probe (n INTEGER)")
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(source / "x.db"), str(stop)])
    try:
        while _probe_rows(source / "x.db") < 20:  # the writer is under way
            time.sleep(0.01)
        made = sportello(source, "backup", "--to", str(tmp_path / "b.tar"), "--quiet")
        assert _probe_rows(source / "x.db") > 0
    finally:
        stop.touch()
        writer.wait(timeout=30)
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip() == str(tmp_path / "b.tar")
    with tarfile.open(tmp_path / "b.tar") as archive:
        assert {"manifest.json", "database/sportello.db"} <= set(archive.getnames())

    restored = sportello(target, "restore", str(tmp_path / "b.tar"), "--yes")

    assert restored.returncode == 0, restored.stderr
    assert "Ripristino completato" in flat(restored.stdout)
    with sqlite3.connect(target / "x.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) % 2 FROM probe").fetchone()[0] == 0  # whole commits
    assert _probe_rows(target / "x.db") >= 40
    assert {"users", "alembic_version", "rca_plates"} <= tables(target)
    assert (target / "files" / "rcadealer" / "abc-polizza.pdf").read_bytes() == b"%PDF-1.4 polizza"

    again = sportello(target, "restore", str(tmp_path / "b.tar"), "--yes")

    assert again.returncode == 1
    assert "contiene già tabelle" in flat(again.stdout)
    assert "--yes non cambia questa regola" in flat(again.stdout)
