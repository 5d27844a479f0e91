"""The ``sportello`` command: tenants check in-process, database commands as real processes."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from core.cli import app
from core.settings import Settings
from tests.tenants_file import TEST_TENANTS_FILE

ROOT = Path(__file__).resolve().parents[2]
SPORTELLO = ROOT / ".venv" / "bin" / "sportello"
TENANTS = ("rcadealer", "assicurapp", "assicurapp_dev")
DEMO_USERS = 6

runner = CliRunner()


def _flat(output: str) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(output.split())


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    for command in ("serve", "migrate", "seed-demo", "create-admin", "tenants"):
        assert command in result.output, command


def test_tenants_help_lists_check() -> None:
    result = runner.invoke(app, ["tenants", "--help"])
    assert result.exit_code == 0
    assert "check" in result.output


def test_tenants_check_lists_the_shipped_tenants() -> None:
    result = runner.invoke(app, ["tenants", "check"])
    assert result.exit_code == 0, result.output
    lines = {line.split(" ", 1)[0]: line for line in _flat_lines(result.output)}
    assert set(lines) == set(TENANTS)
    assert "(Car Dealer)" in lines["rcadealer"]
    assert "(Agente)" in lines["assicurapp"]
    assert "(Car Dealer)" in lines["assicurapp_dev"]
    assert "rcadealer.localhost" in lines["rcadealer"]
    assert "noleggio-auto, prestiti" in lines["assicurapp"]


def _flat_lines(output: str) -> list[str]:
    """One line per tenant: a wrapped continuation line is joined to the one before."""
    lines: list[str] = []
    for raw in output.splitlines():
        if not raw.strip():
            continue
        if lines and raw.split(" ", 1)[0] not in TENANTS:
            lines[-1] = f"{lines[-1]} {raw.strip()}"
        else:
            lines.append(raw.strip())
    return lines


def test_tenants_check_accepts_an_explicit_file() -> None:
    result = runner.invoke(app, ["tenants", "check", str(TEST_TENANTS_FILE)])
    assert result.exit_code == 0, result.output
    assert "assicurapp_dev" in result.output


def test_tenants_check_names_tenant_and_key_of_a_bad_colour(tmp_path: Path) -> None:
    shipped = TEST_TENANTS_FILE.read_text(encoding="utf-8")
    assert '"#1565c0"' in shipped
    broken = tmp_path / "tenants.yaml"
    broken.write_text(shipped.replace('"#1565c0"', '"blu"', 1), encoding="utf-8")
    result = runner.invoke(app, ["tenants", "check", str(broken)])
    assert result.exit_code == 1, result.output
    output = _flat(result.output)
    assert "tenant 'assicurapp'" in output
    assert "colors.primary" in output
    assert "blu" in output


def test_tenants_check_refuses_an_unknown_product(tmp_path: Path) -> None:
    shipped = TEST_TENANTS_FILE.read_text(encoding="utf-8")
    broken = tmp_path / "tenants.yaml"
    broken.write_text(
        shipped.replace("products: [rca, noleggio-auto]\n", "products: [rca, voli]\n", 1)
    )
    result = runner.invoke(app, ["tenants", "check", str(broken)])
    assert result.exit_code == 1, result.output
    output = _flat(result.output)
    assert "tenant 'rcadealer'" in output
    assert "voli" in output


def test_tenants_check_reports_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tenants", "check", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 1
    assert "not found" in _flat(result.output)


# --- database commands, as real processes on a throwaway SQLite database -------------------

once = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")),
    reason="SQLite-only CLI run; done once, on the SQLite pass",
)


def _env(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_", "TEST_DATABASE"))
    }
    env.update(
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
        DATA_DIR=str(tmp_path),
        SECRET_KEY="x" * 40,
        ENVIRONMENT="test",
        LOG_LEVEL="WARNING",
        # the demo accounts' passwords hashed at the lowest cost: the tests read the commands'
        # effects, not argon2's strength (tests/unit covers the production parameters)
        PASSWORD_TIME_COST="1",
        PASSWORD_MEMORY_KIB="8192",
    )
    return env


def _sportello(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SPORTELLO), *args],
        cwd=tmp_path,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _users_per_tenant(tmp_path: Path) -> dict[str, int]:
    with sqlite3.connect(tmp_path / "x.db") as conn:
        rows = conn.execute("SELECT tenant_id, count(*) FROM users GROUP BY tenant_id").fetchall()
    return {str(tenant): int(count) for tenant, count in rows}


def _tables(tmp_path: Path) -> set[str]:
    with sqlite3.connect(tmp_path / "x.db") as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


@once
def test_migrate_creates_core_and_plugin_tables(tmp_path: Path) -> None:
    result = _sportello(tmp_path, "migrate")
    assert result.returncode == 0, result.stderr
    assert {"users", "quotes", "tenant_settings", "rca_plates", "alembic_version"} <= _tables(
        tmp_path
    )
    again = _sportello(tmp_path, "migrate")
    assert again.returncode == 0, again.stderr


@once
def test_seed_demo_is_idempotent(tmp_path: Path) -> None:
    first = _sportello(tmp_path, "seed-demo")
    assert first.returncode == 0, first.stderr
    assert "demo1234" in first.stdout
    expected = dict.fromkeys(TENANTS, DEMO_USERS)
    assert _users_per_tenant(tmp_path) == expected
    with sqlite3.connect(tmp_path / "x.db") as conn:
        quotes = conn.execute("SELECT count(*) FROM quotes").fetchone()[0]
    second = _sportello(tmp_path, "seed-demo")
    assert second.returncode == 0, second.stderr
    assert _users_per_tenant(tmp_path) == expected
    with sqlite3.connect(tmp_path / "x.db") as conn:
        assert conn.execute("SELECT count(*) FROM quotes").fetchone()[0] == quotes


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database migrated once by ``sportello migrate``; tests start from a copy."""
    folder = tmp_path_factory.mktemp("template")
    result = _sportello(folder, "migrate")
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
    result = _sportello(tmp_path, *args, "--password", "lunga-password-1")
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

    duplicate = _sportello(tmp_path, *args, "--password", "lunga-password-1")
    assert duplicate.returncode == 1
    assert "Esiste già" in _flat(duplicate.stdout)


@once
def test_create_admin_refuses_an_unknown_tenant(migrated_dir: Path) -> None:
    tmp_path = migrated_dir
    result = _sportello(
        tmp_path, "create-admin", "--tenant", "nessuno", "--email", "boss@x.it",
        "--password", "lunga-password-1",
    )  # fmt: skip
    assert result.returncode == 2
    assert "nessuno" in result.stdout
    assert _users_per_tenant(tmp_path) == {}


@once
def test_create_admin_refuses_a_short_password(migrated_dir: Path) -> None:
    tmp_path = migrated_dir
    result = _sportello(
        tmp_path, "create-admin", "--tenant", "assicurapp", "--email", "boss@x.it",
        "--password", "corta",
    )  # fmt: skip
    assert result.returncode == 1
    assert "password" in _flat(result.stdout).lower()
    assert _users_per_tenant(tmp_path) == {}


def test_tenants_check_names_an_unknown_menu_key(tmp_path: Path) -> None:
    broken = tmp_path / "tenants.yaml"
    text = TEST_TENANTS_FILE.read_text()
    broken.write_text(text.replace("- nuova-quotazione", "- nuova-quotazone"))
    result = CliRunner().invoke(app, ["tenants", "check", str(broken)])
    assert result.exit_code == 1
    assert "tenant 'rcadealer', key 'menu.only[6]'" in result.output.replace("\n", "")
    assert "nuova-quotazone" in result.output


@once
def test_renewals_by_hand_twice_create_once(tmp_path: Path) -> None:
    assert _sportello(tmp_path, "seed-demo").returncode == 0
    first = _sportello(tmp_path, "renewals", "--tenant", "assicurapp")
    assert first.returncode == 0, first.stderr
    # the demo policies ending in 7 and 12 days: the first already has the demo's renewal quote
    assert "assicurapp: 1 preventivo di rinnovo creato" in _flat(first.stdout)
    second = _sportello(tmp_path, "renewals", "--tenant", "assicurapp")
    assert "assicurapp: 0 preventivi di rinnovo creati" in _flat(second.stdout)
    with sqlite3.connect(tmp_path / "x.db") as conn:
        count = conn.execute(
            "SELECT count(*) FROM quotes WHERE renew_of IS NOT NULL AND tenant_id = 'assicurapp'"
        ).fetchone()
    assert count[0] == 2  # the demo's and the one the run made
    unknown = _sportello(tmp_path, "renewals", "--tenant", "nessuno")
    assert unknown.returncode == 2


@pytest.mark.parametrize(("env", "deflate"), [("true", True), ("false", False)])
def test_serve_passes_the_socket_settings_to_uvicorn(
    monkeypatch: pytest.MonkeyPatch, env: str, deflate: bool
) -> None:
    import uvicorn

    import core.cli

    seen: dict[str, object] = {}
    monkeypatch.setenv("REALTIME_COMPRESSION", env)
    monkeypatch.setenv("REALTIME_MAX_FRAME_BYTES", "65536")
    monkeypatch.setenv("REALTIME_PROTOCOL", "websockets-sansio")
    monkeypatch.setenv("BROADCAST_URL", "redis://127.0.0.1:6379")  # several workers need it
    for name in ("MIGRATE_ON_START", "SEED_DEMO"):  # serve sets them for its workers
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(core.cli, "get_settings", lambda: Settings())

    async def prepared(_settings: object) -> None:
        return None

    monkeypatch.setattr(core.cli, "_prepare", prepared)
    monkeypatch.setattr(uvicorn, "run", lambda *_args, **options: seen.update(options))
    result = runner.invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert seen["ws_per_message_deflate"] is deflate
    assert (seen["ws_max_size"], seen["workers"]) == (65536, 2)
    assert seen["ws"] == "websockets-sansio"
