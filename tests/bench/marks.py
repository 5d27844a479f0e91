"""Marks the bench tests share."""

from __future__ import annotations

import os

import pytest

own_sqlite = pytest.mark.skipif(
    os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
    reason="the bench's own SQLite: run once, in the SQLite pass",
)
"""A bench that runs on an SQLite database of its own: once, in the suite's SQLite pass."""
