"""Test helpers: the shipped file's path and minimal tenant mappings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

SHIPPED = Path(__file__).resolve().parents[2] / "tenants.yaml"
PRODUCTS = {"rca", "noleggio-auto", "prestiti"}

WriteTenants = Callable[..., Path]
"""The ``write_tenants`` fixture: tenant mappings (or ``text=``) in, file path out."""


def tenant(tenant_id: str = "acme", **overrides: Any) -> dict[str, Any]:
    """A minimal valid tenant mapping; keyword arguments replace or add keys."""
    entry: dict[str, Any] = {
        "id": tenant_id,
        "app_name": tenant_id,
        "domains": [f"{tenant_id.replace('_', '-')}.localhost"],
        "title": tenant_id.title(),
    }
    return {**entry, **overrides}
