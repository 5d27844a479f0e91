"""``sportello seed-demo`` and ``renewals`` as real processes (SQLite pass only)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.cli.processes import DEMO_USERS, TENANTS, flat, once, sportello, users_per_tenant


@once
def test_seed_demo_is_idempotent(tmp_path: Path) -> None:
    first = sportello(tmp_path, "seed-demo")
    assert first.returncode == 0, first.stderr
    assert "demo1234" in first.stdout
    expected = dict.fromkeys(TENANTS, DEMO_USERS)
    assert users_per_tenant(tmp_path) == expected
    with sqlite3.connect(tmp_path / "x.db") as conn:
        quotes = conn.execute("SELECT count(*) FROM quotes").fetchone()[0]
    second = sportello(tmp_path, "seed-demo")
    assert second.returncode == 0, second.stderr
    assert users_per_tenant(tmp_path) == expected
    with sqlite3.connect(tmp_path / "x.db") as conn:
        assert conn.execute("SELECT count(*) FROM quotes").fetchone()[0] == quotes


@once
def test_renewals_by_hand_twice_create_once(tmp_path: Path) -> None:
    assert sportello(tmp_path, "seed-demo").returncode == 0
    first = sportello(tmp_path, "renewals", "--tenant", "assicurapp")
    assert first.returncode == 0, first.stderr
    # the demo policies ending in 7 and 12 days: the first already has the demo's renewal quote
    assert "assicurapp: 1 preventivo di rinnovo creato" in flat(first.stdout)
    second = sportello(tmp_path, "renewals", "--tenant", "assicurapp")
    assert "assicurapp: 0 preventivi di rinnovo creati" in flat(second.stdout)
    with sqlite3.connect(tmp_path / "x.db") as conn:
        count = conn.execute(
            "SELECT count(*) FROM quotes WHERE renew_of IS NOT NULL AND tenant_id = 'assicurapp'"
        ).fetchone()
    assert count[0] == 2  # the demo's and the one the run made
    unknown = sportello(tmp_path, "renewals", "--tenant", "nessuno")
    assert unknown.returncode == 2
