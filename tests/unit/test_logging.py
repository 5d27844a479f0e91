"""Log lines: JSON in production, bound with request id, tenant and user."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import structlog
from core.logging import configure_logging
from core.settings import Settings
configure_logging(Settings())
structlog.contextvars.bind_contextvars(request_id="r1", tenant="assicurapp", user="u1")
structlog.get_logger("test").info("hello", extra_field=1)
"""


def _run(**env: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env={**{k: v for k, v in os.environ.items() if not k.startswith("LOG_")}, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stderr.strip()


def test_production_logs_are_json_with_context() -> None:
    line = json.loads(_run(ENVIRONMENT="production", SECRET_KEY="x" * 40))
    assert line["event"] == "hello"
    assert (line["request_id"], line["tenant"], line["user"]) == ("r1", "assicurapp", "u1")
    assert line["level"] == "info"


def test_development_logs_are_readable_lines() -> None:
    output = _run(ENVIRONMENT="development")
    assert "hello" in output
    assert "tenant=assicurapp" in output
    assert not output.startswith("{")
