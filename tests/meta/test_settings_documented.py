"""Every setting has a description and its environment variable a row in docs/settings.md."""

from __future__ import annotations

import re

import pytest
from pydantic_settings import BaseSettings

from core.settings import Settings
from tests.meta.doc_pages import SETTINGS_PAGE, section


def _env_vars() -> dict[str, tuple[str, str]]:
    """Environment variable → (``section.field``, description) for every settings field."""
    found: dict[str, tuple[str, str]] = {}
    for section_name, section_field in Settings.model_fields.items():
        section = section_field.annotation
        assert isinstance(section, type), section_name
        assert issubclass(section, BaseSettings), section_name
        prefix = str(section.model_config.get("env_prefix", ""))
        for name, field in section.model_fields.items():
            env = field.alias or f"{prefix}{name}".upper()
            assert env not in found, f"{env} is read by two settings"
            found[env] = (f"{section_name}.{name}", field.description or "")
    return found


ENV_VARS = sorted(_env_vars())


def test_the_walk_finds_the_known_variables() -> None:
    assert {"DATABASE_URL", "SECRET_KEY", "BROADCAST_URL", "DATA_DIR", "LOG_JSON"} <= set(ENV_VARS)


def test_environment_names_match_what_settings_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The names derived above are the ones pydantic-settings actually reads."""
    monkeypatch.setenv("DATABASE_POOL_SIZE", "3")
    monkeypatch.setenv("LOG_JSON", "true")
    monkeypatch.setenv("SMTP_PORT", "2525")
    monkeypatch.setenv("TOKEN_TTL_DAYS", "7")
    settings = Settings()
    assert settings.db.pool_size == 3
    assert settings.log.json_output is True
    assert settings.mail.port == 2525
    assert settings.auth.token_ttl_days == 7


@pytest.mark.parametrize("env", ENV_VARS)
def test_setting_has_a_description(env: str) -> None:
    where, description = _env_vars()[env]
    assert description.strip(), f"{where} ({env}) needs Field(description=...)"


def test_every_variable_has_a_row_in_the_settings_page() -> None:
    rows = re.findall(r"^\| `([A-Z0-9_]+)` \|", section(SETTINGS_PAGE, "# Settings"), re.M)
    missing = [env for env in ENV_VARS if env not in rows]
    assert not missing, f"environment variables missing from docs/settings.md: {missing}"
