"""A test stopped by pytest-timeout shows the coroutine lines it was waiting on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HANGING = """
import asyncio

async def _waits_for_nothing():
    await asyncio.Event().wait()

async def test_hangs():
    await _waits_for_nothing()
"""

SETTINGS = """[pytest]
asyncio_mode = auto
asyncio_default_fixture_loop_scope = session
asyncio_default_test_loop_scope = session
"""


def test_a_timed_out_async_test_prints_its_await_chain(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text(SETTINGS)
    (tmp_path / "test_hang.py").write_text(HANGING)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "-p", "core.testing.fixtures", "--timeout=1", "test_hang.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 1, run.stdout
    report = run.stdout.split("asyncio tasks at the timeout", 1)[1]
    assert "test_hang.py:8 in test_hangs" in report
    assert "test_hang.py:5 in _waits_for_nothing" in report
    assert "Timeout (>1.0s) from pytest-timeout" in run.stdout
