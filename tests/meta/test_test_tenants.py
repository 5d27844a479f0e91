"""Core's tests read their own tenants file, so a line offered in the shipped tenants.yaml
changes nothing in them."""

from __future__ import annotations

from pathlib import Path

from core.settings import Settings
from tests.tenants_file import TEST_TENANTS_FILE

SHIPPED = Path(__file__).resolve().parents[2] / "tenants.yaml"


def test_the_tests_read_their_own_tenants_file(settings: Settings) -> None:
    assert settings.app.tenants_file == TEST_TENANTS_FILE != SHIPPED
    assert Settings().app.tenants_file == TEST_TENANTS_FILE
