"""The search bench runs end to end on a small portfolio and prints its table, the trigram
indexes in its plans."""

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
def test_a_small_search_bench_measures_every_figure() -> None:
    env = {**os.environ, "BENCH_DATABASE_URL": PG, "BENCH_CLIENTS": "800", "BENCH_SEARCHES": "16"}
    done = subprocess.run(
        [sys.executable, "-m", "bench", "search"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    rows = table_rows(done.stdout)
    assert any(name.startswith("agent, 16 searches") for name in rows), rows
    assert any(name.startswith("admin, 16 searches") for name in rows), rows
    assert any(name.startswith("SQLite, the demo") for name in rows), rows
    assert "ix_clients_name_trgm" in done.stdout
