"""The login-load bench runs end to end on a small crowd and holds its invariants."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench.marks import own_sqlite
from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]


@own_sqlite
def test_a_small_login_load_leaves_no_one_refused() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.login", "--clients=6", "--duration=3", "--after=1",
         "--strangers=2", "--peer-seconds=0.5"],
        cwd=ROOT, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    assert rows["responses 5xx"] == ["0"]
    assert rows["wrong-user answers"] == ["0"]
    assert rows["clients refused 1 s after the load"] == ["0 of 6"]
    assert int(rows["login attempts"][0]) >= 6
    peer = next(cells for key, cells in rows.items() if key.startswith("peer: raw argon2"))
    assert float(peer[0].removesuffix("/s")) > 0
    assert "logins/s ÷ raw argon2 verifications/s (same run)" in done.stdout
