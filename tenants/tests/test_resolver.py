"""Host header to tenant: case, ports, IPv6 literals and unknown hosts."""

from __future__ import annotations

import pytest

from tenants.config import Tenant, TenantsConfig
from tenants.resolver import TenantRegistry
from tenants.tests.helpers import tenant


@pytest.fixture(scope="module")
def registry() -> TenantRegistry:
    config = TenantsConfig.model_validate(
        {
            "tenants": [
                tenant("rcadealer"),
                tenant("local", domains=["localhost", "127.0.0.1", "::1", "Shop.Example.COM."]),
            ]
        }
    )
    return TenantRegistry(config)


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("rcadealer.localhost", "rcadealer"),
        ("RCADealer.LocalHost", "rcadealer"),
        ("rcadealer.localhost:8000", "rcadealer"),
        ("  rcadealer.localhost.  ", "rcadealer"),
        ("localhost:5173", "local"),
        ("127.0.0.1:8000", "local"),
        ("[::1]:8000", "local"),
        ("[::1]", "local"),
        ("::1", "local"),
        ("[0:0::1]:80", "local"),
        ("shop.example.com", "local"),
        ("unknown.localhost", None),
        ("evil.rcadealer.localhost", None),
        ("rcadealer", None),
        ("[::1", None),
        ("", None),
        (None, None),
    ],
)
def test_resolve(registry: TenantRegistry, host: str | None, expected: str | None) -> None:
    found = registry.resolve(host)
    assert (found.id if found else None) == expected


def test_lookup_and_iteration(registry: TenantRegistry) -> None:
    assert [t.id for t in registry] == ["rcadealer", "local"]
    assert len(registry) == 2
    assert "local" in registry
    local = registry.get("local")
    assert isinstance(local, Tenant)
    assert registry.get("nope") is None


def test_resolve_ignores_case_and_port() -> None:
    config = TenantsConfig.model_validate({"tenants": [tenant("a"), tenant("b")]})
    registry = TenantRegistry(config)
    assert registry.resolve("B.localhost:1") == config.get("b")
    assert registry.resolve("[::1]:8000") is None
    assert registry.resolve("c.localhost") is None
