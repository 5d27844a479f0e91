"""The realtime bench runs end to end on a tiny load and prints every row of its table."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.marks import own_sqlite

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--sockets=4", "--memory-sockets=6", "--memory-warm=2", "--changes=3", "--quotes=40",
        "--policies=10", "--sync-runs=1", "--resync-runs=2", "--patience=2"]  # fmt: skip
POSTGRES = os.environ.get("TEST_DATABASE_URL", "")


def _bench(*options: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bench.realtime", *TINY, *options],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout


def _row(table: str, figure: str) -> str:
    return next(line for line in table.splitlines() if line.startswith(figure))


@own_sqlite
def test_single_process_part_measures_the_three_servers_and_the_sync() -> None:
    table = _bench("--no-cross")

    for server in ("sportello", "python-socketio", "bare websockets"):
        assert "12/12 delivered" in _row(table, f"{server}: change→delivery p50")
        assert "ms" in _row(table, f"{server}: change→delivery p99")
        assert "12/12 delivered" in _row(table, f"{server}: delivered msg/s (burst)")
    assert "< 100 ms" in _row(table, "sportello: change→delivery p99")
    assert "≥ 2.00" in _row(table, "throughput ratio sportello / python-socketio")
    assert "the ceiling" in _row(table, "throughput sportello / bare websockets")
    assert "< 8 KB" in _row(table, "sportello: memory per socket")
    assert "KB" in _row(table, "bare websockets: memory per socket")
    assert "from 2 to 6 idle sockets" in _row(table, "sportello: memory per socket")
    assert "< 500 ms" in _row(table, "cold tokenLogin + getDbData (40 q, 10 p)")
    assert "< 50 ms" in _row(table, "empty watermark resync")
    assert "skipped (--no-cross)" in _row(table, "cross-process via Redis")


@pytest.mark.database
@pytest.mark.skipif(
    not POSTGRES.startswith("postgresql") or shutil.which("redis-server") is None,
    reason="needs PostgreSQL (TEST_DATABASE_URL) and redis-server",
)
def test_cross_process_part_runs_two_servers_on_redis() -> None:
    table = _bench("--no-single", f"--postgres={POSTGRES}")

    assert "delivered" in _row(table, "cross-process via Redis: change→delivery p50")
    assert "< 150 ms" in _row(table, "cross-process via Redis: change→delivery p99")
