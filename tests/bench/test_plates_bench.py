"""The plates bench runs end to end on a small register and fills its table, on the
database of the pass: its own SQLite folder in the SQLite pass, a schema of its own on the
PostgreSQL server in the PostgreSQL pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.marks import own_sqlite
from tests.bench.tables import table_rows

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("TEST_DATABASE_URL", "")
SMALL = {"BENCH_PLATES": "1500", "BENCH_DEALER_PLATES": "300", "BENCH_RUNS": "12",
         "BENCH_SYNC_RUNS": "2"}  # fmt: skip
FIGURES = (
    "search by plate prefix, admin", "search by owner's name, admin",
    "search by fiscal code, admin", "search by plate prefix, dealer",
    "search by owner's name, dealer", "search by fiscal code, dealer",
    "list, first 50 by plate, dealer", "list, first 50 by plate, a new agent (no plates)",
    "cold sync, dealer (300 plates)",
)  # fmt: skip


def _run(env: dict[str, str]) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "plates"], cwd=ROOT, capture_output=True, text=True,
        timeout=240, check=False, env={**os.environ, **SMALL, **env},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    assert set(FIGURES) <= set(rows), done.stdout
    for name in FIGURES:
        ours, peer, ratio = rows[name]
        assert all(float(ms) > 0 for ms in (*ours.split(" / "), *peer.split(" / "))), name
        float(ratio.removesuffix("×"))  # a ratio measured in the same run
    return rows


@own_sqlite
def test_a_small_plates_bench_on_sqlite() -> None:
    _run({"BENCH_DB": "sqlite"})


@pytest.mark.database
@pytest.mark.skipif(not PG.startswith("postgresql"), reason="a PostgreSQL bench: the PG pass")
def test_a_small_plates_bench_on_postgresql() -> None:
    _run({"BENCH_DB": "postgresql", "BENCH_DATABASE_URL": PG})
