"""The soak bench runs end to end on a small crowd and holds its invariants."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench.marks import own_sqlite
from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]


@own_sqlite
def test_a_small_soak_holds_every_invariant() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.soak", "--clients=10", "--duration=6", "--control=3",
         "--after=1"],
        cwd=ROOT, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    assert rows["responses 5xx"] == ["0", "0"]
    assert rows["wrong-user answers or events"] == ["0", "0"]
    assert all(cell.endswith("/ 0") for cell in rows["deliveries expected / missed"])
    assert not rows["deliveries expected / missed"][1].startswith("0 /")  # the soak changed things
    assert "ms" not in rows["login p50 / p99 (ms)"][0]  # numbers, measured
    assert "delivery p99 soak / control (same run)" in done.stdout
    assert rows["clients refused 1 s after the soak (right password, idle)"] == ["–", "0 of 10"]
