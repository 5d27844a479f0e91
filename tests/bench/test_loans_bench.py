"""The loans bench runs end to end on a few practices and fills its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.bench.marks import own_sqlite
from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]


@own_sqlite
def test_a_small_loans_bench_measures_every_figure() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "loans"], cwd=ROOT, capture_output=True, text=True,
        timeout=240, check=False, env={**os.environ, "BENCH_LOANS": "150"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    for name in ("amortisation plan (150 practices)", "TAEG (150 practices)"):
        ours, peer, ratio = rows[name]
        assert float(ours) > 0
        assert float(peer) > 0
        float(ratio.removesuffix("×"))  # a ratio measured in the same run
    assert rows["plans where the float peer is off by a cent or more"][0] == "0"
    assert rows["TAEGs where the float peer states another rate"][0] == "0"
