"""Property-based fuzzing of the HTTP API from its own OpenAPI schema (schemathesis): every
operation, with generated valid and invalid input, as a logged-in admin against a real
server on this run's database; no answer may be a 5xx. Bounded to fit in ``make test``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from tests.realtime.processes import free_port

EXAMPLES_PER_OPERATION = 12
SPARED = r"^/api/auth/(logout|logout-all)$"
"""Ending the fuzzer's own session would leave every later case unauthenticated."""


@pytest.fixture(scope="module")
def fuzz_server(
    tmp_path_factory: pytest.TempPathFactory, migrated: None
) -> Iterator[dict[str, Any]]:
    """``sportello serve`` with the demo data on this run's database, and an admin token."""
    port = free_port()
    env = {
        **os.environ,
        "SEED_DEMO": "true",
        "LOG_LEVEL": "ERROR",
        "DATA_DIR": str(tmp_path_factory.mktemp("fuzz")),
        "RATE_LIMIT_LOGIN_PER_ADDRESS": "100000/minute",
        "RATE_LIMIT_PUBLIC_LINK_PER_ADDRESS": "100000/minute",
        "RATE_LIMIT_REGISTRATION_PER_ADDRESS": "100000/minute",
        "RATE_LIMIT_RESET_PER_ADDRESS": "100000/minute",
    }
    command = [
        sys.executable,
        "-c",
        "from core.cli import app; app()",
        "serve",
        "--port",
        str(port),
    ]
    server = subprocess.Popen(
        command, env=env, cwd=Path(__file__).parents[2], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert server.poll() is None, "the server did not start"
            assert time.monotonic() < deadline, "the server did not get ready"
            time.sleep(0.2)
        login = httpx.post(
            f"{base}/api/auth/login", json={"email": "admin@demo.it", "password": "demo1234"}
        )
        assert login.status_code == 200, login.text
        yield {"base": base, "headers": {"Authorization": f"Bearer {login.json()['token']}"}}
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def api_schema(fuzz_server: dict[str, Any]) -> Any:
    loaded = schemathesis.openapi.from_url(f"{fuzz_server['base']}/schema/openapi.json")
    return loaded.exclude(path_regex=SPARED)


def test_no_operation_answers_5xx(api_schema: Any, fuzz_server: dict[str, Any]) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) > 20  # the whole API, not a fragment of it
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def never_5xx(case: Any) -> None:
            response = case.call(base_url=fuzz_server["base"], headers=fuzz_server["headers"])
            assert response.status_code < 500, (
                f"{case.method} {case.formatted_path} → {response.status_code}: "
                f"{response.text[:300]}"
            )

        never_5xx()
