"""The ``sportello`` command in-process: help, the tenants check, serve's settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from core.cli import app
from core.settings import Settings
from tests.cli.processes import TENANTS
from tests.tenants_file import TEST_TENANTS_FILE

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


def test_tenants_check_names_an_unknown_menu_key(tmp_path: Path) -> None:
    broken = tmp_path / "tenants.yaml"
    text = TEST_TENANTS_FILE.read_text()
    broken.write_text(text.replace("- nuova-quotazione", "- nuova-quotazone"))
    result = CliRunner().invoke(app, ["tenants", "check", str(broken)])
    assert result.exit_code == 1
    assert "tenant 'rcadealer', key 'menu.only[6]'" in result.output.replace("\n", "")
    assert "nuova-quotazone" in result.output


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
