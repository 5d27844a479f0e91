"""Settings a deployment could set to a value that would harm it are refused at start."""

from __future__ import annotations

import pydantic
import pytest

from core.settings import ObservabilitySettings, RealtimeSettings


def test_a_short_metrics_token_is_refused() -> None:
    with pytest.raises(pydantic.ValidationError, match="almeno 24 caratteri"):
        ObservabilitySettings(metrics_token="corto")
    assert ObservabilitySettings(metrics_token="x" * 24).metrics_token.get_secret_value()
    assert not ObservabilitySettings().metrics_token.get_secret_value()  # off by default


@pytest.mark.parametrize("name", ["login_check_batch", "login_checks_waiting"])
def test_no_login_check_bound_turns_every_socket_away(name: str) -> None:
    with pytest.raises(pydantic.ValidationError):
        RealtimeSettings.model_validate({name: 0})
