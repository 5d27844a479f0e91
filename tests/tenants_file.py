"""Core's own tenants for its tests (``tests/tenants.yaml``), never the shipped
``tenants.yaml``: a deployment may offer a new line without breaking a core test."""

from pathlib import Path

TEST_TENANTS_FILE = Path(__file__).resolve().parent / "tenants.yaml"
