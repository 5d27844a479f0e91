"""The full-sync bench runs end to end on a small portfolio: every sync of the lifted server
runs, the default budget refuses past six, and the table holds measured numbers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.bench.marks import own_sqlite
from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"BENCH_SYNC_QUOTES": "40", "BENCH_SYNC_EXTRA_BYTES": "1000", "BENCH_SYNC_RUNS": "8",
         "BENCH_SYNC_SOCKETS": "2", "BENCH_SYNC_IDLE_PROBES": "20",
         # the budgeted server's own budget, below the runs, so its refusals show
         "RATE_LIMIT_FULL_SYNCS_PER_USER": "6/minute"}  # fmt: skip


@own_sqlite
def test_a_small_sync_fairness_run_fills_its_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "sync_fairness"], cwd=ROOT, capture_output=True,
        text=True, timeout=300, check=False, env={**os.environ, **SMALL},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    lifted, budget = rows["full-sync budget lifted"], rows["default budget"]
    assert lifted[-1].startswith("8 run (")
    assert lifted[-1].endswith(", 0 refused")
    assert budget[-1].startswith("6 run (")
    assert budget[-1].endswith(", 2 refused")
    for cells in (lifted, budget):
        assert cells[2].endswith("×")
        float(cells[2].removesuffix("×"))  # a ratio measured in the same run
