"""``sportello migrate`` and ``create-admin`` as real processes (SQLite pass only)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.cli.processes import flat, once, sportello, tables, users_per_tenant


@once
def test_migrate_creates_core_and_plugin_tables(tmp_path: Path) -> None:
    result = sportello(tmp_path, "migrate")
    assert result.returncode == 0, result.stderr
    assert {"users", "quotes", "tenant_settings", "rca_plates", "alembic_version"} <= tables(
        tmp_path
    )
    again = sportello(tmp_path, "migrate")
    assert again.returncode == 0, again.stderr


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database migrated once by ``sportello migrate``; tests start from a copy."""
    folder = tmp_path_factory.mktemp("template")
    result = sportello(folder, "migrate")
    assert result.returncode == 0, result.stderr
    return folder / "x.db"


@pytest.fixture
def migrated_dir(template_db: Path, tmp_path: Path) -> Path:
    shutil.copyfile(template_db, tmp_path / "x.db")
    return tmp_path


@once
def test_create_admin(migrated_dir: Path) -> None:
    tmp_path = migrated_dir
    args = ("create-admin", "--tenant", "assicurapp", "--email", "boss@x.it")
    result = sportello(tmp_path, *args, "--password", "lunga-password-1")
    assert result.returncode == 0, result.stderr
    assert "boss@x.it" in result.stdout
    with sqlite3.connect(tmp_path / "x.db") as conn:
        rows = conn.execute(
            "SELECT tenant_id, role, password_hash FROM users WHERE email = 'boss@x.it'"
        ).fetchall()
    assert len(rows) == 1
    tenant, role, password_hash = rows[0]
    assert tenant == "assicurapp"
    assert json.loads(role) == {"admin": True}
    assert password_hash
    assert "lunga-password-1" not in password_hash

    duplicate = sportello(tmp_path, *args, "--password", "lunga-password-1")
    assert duplicate.returncode == 1
    assert "Esiste già" in flat(duplicate.stdout)


@once
def test_create_admin_refuses_an_unknown_tenant(migrated_dir: Path) -> None:
    tmp_path = migrated_dir
    result = sportello(
        tmp_path, "create-admin", "--tenant", "nessuno", "--email", "boss@x.it",
        "--password", "lunga-password-1",
    )  # fmt: skip
    assert result.returncode == 2
    assert "nessuno" in result.stdout
    assert users_per_tenant(tmp_path) == {}


@once
def test_create_admin_refuses_a_short_password(migrated_dir: Path) -> None:
    tmp_path = migrated_dir
    result = sportello(
        tmp_path, "create-admin", "--tenant", "assicurapp", "--email", "boss@x.it",
        "--password", "corta",
    )  # fmt: skip
    assert result.returncode == 1
    assert "password" in flat(result.stdout).lower()
    assert users_per_tenant(tmp_path) == {}
