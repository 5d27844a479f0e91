"""Fixtures for the tenants tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tenants.tests.helpers import WriteTenants


@pytest.fixture
def write_tenants(tmp_path: Path) -> WriteTenants:
    """Write ``tenants.yaml`` in tmp_path from tenant mappings, or raw text via ``text=``."""

    def write(*tenants: dict[str, Any], text: str | None = None) -> Path:
        path = tmp_path / "tenants.yaml"
        path.write_text(text if text is not None else yaml.safe_dump({"tenants": list(tenants)}))
        return path

    return write
