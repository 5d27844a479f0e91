"""The packaging, read: compose.yaml's topology, its proxy's configuration and the Dockerfile.

No container engine runs here, so these files are checked as written: the services and their
order, the health checks, no secret written in the file, every setting the app is given
spelled as the app reads it, and the Dockerfile clean under hadolint.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from core.settings import Settings
from tests.meta.test_settings_documented import ENV_VARS

ROOT = Path(__file__).resolve().parents[2]
COMPOSE: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
SERVICES: dict[str, dict[str, Any]] = COMPOSE["services"]
TEMPLATE = (ROOT / "deploy" / "nginx" / "templates" / "default.conf.template").read_text()
LOCATIONS = (ROOT / "deploy" / "nginx" / "locations.conf").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()
ONE_SHOTS = ("migrate", "bucket")
REQUIRED = re.compile(r"^\$\{[A-Z0-9_]+:\?[^}]+\}$")
"""``${NAME:?message}``: compose stops when NAME is not set; the file holds no value."""
SECRET_NAME = re.compile(r"PASSWORD|SECRET|_KEY")
NOT_YET_SETTINGS = {
    "STORAGE_URL", "STORAGE_ENDPOINT", "STORAGE_REGION", "STORAGE_ACCESS_KEY_ID",
    "STORAGE_SECRET_ACCESS_KEY", "STORAGE_ALLOW_HTTP",
}  # fmt: skip
"""The object store's settings, arriving with its own change (an unknown variable is ignored)."""
IMAGE_ONLY = {"HEALTHCHECK_HOST"}
"""Read by the image's health check, not by the app."""


WORKER_COMMAND = ["serve", "--host", "0.0.0.0", "--no-prepare"]
"""A worker serves and leaves the database's preparation to the one-shot ``migrate``."""


def app_workers() -> dict[str, dict[str, Any]]:
    """The services running the app's image as workers (``sportello serve``)."""
    return {
        name: service
        for name, service in SERVICES.items()
        if service.get("build") == "." and service.get("command") == WORKER_COMMAND
    }


def test_the_topology_has_a_proxy_two_workers_and_the_services_they_need() -> None:
    assert SERVICES["proxy"]["image"].startswith("nginx:")
    assert len(app_workers()) >= 2
    assert SERVICES["postgres"]["image"].startswith("postgres:")
    assert SERVICES["redis"]["image"].startswith("redis:")
    assert SERVICES["minio"]["image"].startswith("minio/minio:")
    assert SERVICES["migrate"]["command"] == ["migrate"]
    assert SERVICES["migrate"]["build"] == "."


def test_the_workers_start_after_the_one_shot_steps_and_healthy_services() -> None:
    for name, worker in app_workers().items():
        conditions = {dep: spec["condition"] for dep, spec in worker["depends_on"].items()}
        assert conditions == {
            "migrate": "service_completed_successfully",
            "bucket": "service_completed_successfully",
            "postgres": "service_healthy",
            "redis": "service_healthy",
        }, name
    assert SERVICES["migrate"]["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    proxy_deps = SERVICES["proxy"]["depends_on"]
    assert {name: "service_healthy" for name in app_workers()} == {
        dep: spec["condition"] for dep, spec in proxy_deps.items()
    }


def test_every_long_running_service_has_a_health_check_and_one_shots_do_not_restart() -> None:
    for name, service in SERVICES.items():
        if name in ONE_SHOTS:
            assert service["restart"] == "no", name
        else:
            assert service["healthcheck"]["test"][0] == "CMD", name
            assert service["restart"] == "unless-stopped", name
    assert SERVICES["migrate"]["healthcheck"] == {"disable": True}


def _environments() -> list[tuple[str, str, str]]:
    return [
        (name, key, str(value))
        for name, service in SERVICES.items()
        for key, value in (service.get("environment") or {}).items()
    ]


def test_no_secret_is_written_in_the_file() -> None:
    for service, key, value in _environments():
        if SECRET_NAME.search(key) and key != "STORAGE_ACCESS_KEY_ID":
            assert REQUIRED.match(value), f"{service}: {key} must be ${{{key}:?…}}"
        for password in re.findall(r"://[^:/@]+:([^@]+)@", value):
            assert REQUIRED.match(password), f"{service}: {key} carries a password"


def test_the_example_env_file_names_every_required_variable_without_a_value() -> None:
    example = (ROOT / "deploy" / "env.example").read_text()
    given = dict(re.findall(r"^([A-Z0-9_]+)=(.*)$", example, re.M))
    required = set(re.findall(r"\$\{([A-Z0-9_]+):\?", (ROOT / "compose.yaml").read_text()))
    assert required <= set(given)
    assert {k: v for k, v in given.items() if SECRET_NAME.search(k)} == {
        k: "" for k in given if SECRET_NAME.search(k)
    }


def test_the_app_is_given_only_settings_it_reads() -> None:
    known = set(ENV_VARS) | NOT_YET_SETTINGS | IMAGE_ONLY
    for name in [*app_workers(), "migrate"]:
        unknown = set(SERVICES[name]["environment"]) - known
        assert not unknown, f"{name}: {unknown}"


def test_the_proxy_is_the_only_trusted_forwarder() -> None:
    address = SERVICES["proxy"]["networks"]["backend"]["ipv4_address"]
    for name in app_workers():
        assert SERVICES[name]["environment"]["TRUSTED_PROXIES"] == address


def test_the_proxy_sends_to_every_worker_and_upgrades_sockets() -> None:
    upstream = re.search(r"upstream sportello \{(.*?)\}", TEMPLATE, re.S)
    assert upstream is not None
    servers = re.findall(r"^\s*server ([\w-]+):8000 resolve", upstream.group(1), re.M)
    assert sorted(servers) == sorted(app_workers())
    assert "server_name ${SPORTELLO_HOSTS};" in TEMPLATE
    assert "include /etc/nginx/sportello/locations.conf;" in TEMPLATE
    mounts = SERVICES["proxy"]["volumes"]
    assert "./deploy/nginx/locations.conf:/etc/nginx/sportello/locations.conf:ro" in mounts
    assert "proxy_next_upstream error timeout http_502 http_503;" in LOCATIONS
    socket = re.search(r"location /socketcluster/ \{(.*?)\}", LOCATIONS, re.S)
    assert socket is not None
    headers = (
        "Upgrade $http_upgrade", "Connection $connection_upgrade", "Host $http_host",
        "X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Proto $scheme",
    )  # fmt: skip
    for line in headers:
        assert f"proxy_set_header {line};" in socket.group(1)


def test_the_image_installs_no_group_beyond_the_runtime() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    defaults = set(pyproject["tool"]["uv"]["default-groups"]) - {"dev"}
    syncs = re.findall(r"uv sync ([^\n]+)", DOCKERFILE)
    assert len(syncs) == 2
    for options in syncs:
        assert "--frozen" in options
        assert "--no-dev" in options
        assert set(re.findall(r"--no-group (\S+)", options)) == defaults


def test_the_image_runs_sportello_serve_as_a_user_without_privileges() -> None:
    assert 'ENTRYPOINT ["sportello"]' in DOCKERFILE
    assert 'CMD ["serve", "--host", "0.0.0.0"]' in DOCKERFILE
    users = re.findall(r"^USER (\S+)", DOCKERFILE, re.M)
    assert users
    assert not users[-1].startswith(("root", "0"))
    assert "WEB_DIST_DIR=/app/web/dist" in DOCKERFILE


def _seconds(duration: str) -> float:
    """A compose duration such as ``45s``, ``1m30s`` or ``1m``."""
    parts = re.fullmatch(r"(?:(\d+)m)?(?:(\d+)s)?", duration)
    assert duration
    assert parts is not None, duration
    return int(parts[1] or 0) * 60 + int(parts[2] or 0)


def test_a_stopped_worker_is_given_its_shutdown_grace_before_it_is_killed() -> None:
    """``docker compose stop`` sends SIGTERM, then SIGKILL after ``stop_grace_period`` (10 s
    when unset): a worker must get more than SHUTDOWN_GRACE_S to let its calls in flight
    answer, close its sockets with 1012 and run its own shutdown."""
    grace = Settings().app.shutdown_grace_s
    for name, worker in app_workers().items():
        period = worker.get("stop_grace_period")
        assert period is not None, name
        assert _seconds(str(period)) > grace, name


def test_hadolint_finds_nothing_in_the_dockerfile() -> None:
    hadolint = ROOT / ".venv" / "bin" / "hadolint"
    if not hadolint.exists():
        pytest.skip("hadolint is installed by `make install` (the dev group)")
    result = subprocess.run(
        [str(hadolint), str(ROOT / "Dockerfile")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
