"""Running the ``sportello`` command as a real process on a throwaway SQLite database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPORTELLO = ROOT / ".venv" / "bin" / "sportello"
TENANTS = ("rcadealer", "assicurapp", "assicurapp_dev")
DEMO_USERS = 6


def flat(output: str) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(output.split())


once = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")),
    reason="SQLite-only CLI run; done once, on the SQLite pass",
)


def env(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_", "TEST_DATABASE"))
    }
    env.update(
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
        DATA_DIR=str(tmp_path),
        SECRET_KEY="x" * 40,
        ENVIRONMENT="test",
        LOG_LEVEL="WARNING",
        # the demo accounts' passwords hashed at the lowest cost: the tests read the commands'
        # effects, not argon2's strength (tests/unit covers the production parameters)
        PASSWORD_TIME_COST="1",
        PASSWORD_MEMORY_KIB="8192",
    )
    return env


def sportello(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SPORTELLO), *args],
        cwd=tmp_path,
        env=env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def users_per_tenant(tmp_path: Path) -> dict[str, int]:
    with sqlite3.connect(tmp_path / "x.db") as conn:
        rows = conn.execute("SELECT tenant_id, count(*) FROM users GROUP BY tenant_id").fetchall()
    return {str(tenant): int(count) for tenant, count in rows}


def tables(tmp_path: Path) -> set[str]:
    with sqlite3.connect(tmp_path / "x.db") as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
