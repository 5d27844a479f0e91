"""The test environment, set before any part of core reads its settings.

Every run gets a data folder of its own and a database: SQLite in that folder, or, when
``TEST_DATABASE_URL`` names a PostgreSQL server, a schema of its own there (two runs never
collide). Demo passwords hash with real argon2, lighter than production's profile.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

DATA_DIR = Path(tempfile.mkdtemp(prefix="sportello-test-"))
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
PG_SCHEMA = f"sportello_test_{secrets.token_hex(4)}"


def prepare() -> None:
    """Point the settings at the test data folder and database (``TENANTS_FILE``, when set
    beforehand, is kept: a line's tests may serve tenants of their own)."""
    os.environ.update(
        ENVIRONMENT="test",
        SECRET_KEY="test-secret-key-that-is-long-enough-for-hs256",
        SEED_DEMO="false",
        DAILY_JOBS="false",  # tests that need the daily jobs run them themselves
        FREEZE_HEAP="false",  # every test starts apps: a full collection each time cost minutes
        DATA_DIR=str(DATA_DIR),
        LOG_LEVEL="WARNING",
        SMTP_HOST="",
        PASSWORD_TIME_COST="1",
        PASSWORD_MEMORY_KIB="8192",
    )
    if TEST_DATABASE_URL.startswith("postgresql"):
        joiner = "&" if "?" in TEST_DATABASE_URL else "?"
        # a commit does not wait for its WAL to reach the disk (~3 ms each here, thousands a
        # run): only a crash of the PostgreSQL server itself could lose one, which no test
        # makes; a crash of the app's process, which tests do make, loses nothing committed
        options = f"options=-csearch_path%3D{PG_SCHEMA}%20-csynchronous_commit%3Doff"
        os.environ["DATABASE_URL"] = f"{TEST_DATABASE_URL}{joiner}{options}"
    else:
        os.environ["DATABASE_URL"] = f"sqlite+aiosqlite:///{DATA_DIR / 'test.db'}"
