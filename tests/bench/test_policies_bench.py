"""The policies bench runs end to end on a small portfolio and prints its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("TEST_DATABASE_URL", "")


@pytest.mark.database
@pytest.mark.skipif(not PG.startswith("postgresql"), reason="a PostgreSQL bench: the PG pass")
def test_a_small_policies_bench_measures_every_figure() -> None:
    env = {**os.environ, "BENCH_DATABASE_URL": PG, "BENCH_POLICIES": "600", "BENCH_RUNS": "3"}
    done = subprocess.run(
        [sys.executable, "-m", "bench", "policies"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    assert {
        "policies list, admin (200 + instalments)",
        "16-day alert count",
        "commissions report, a year, all agents",
        "one agent's month ledger",
    } <= set(rows)
    assert any(name.startswith("renewal run (") for name in rows)
    assert rows["renewal run again (creates nothing)"][0].isdigit()
