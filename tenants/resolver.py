"""Map a request's Host header to its tenant. Pure: no I/O, no globals."""

from __future__ import annotations

from collections.abc import Iterator

from tenants.config import Tenant, TenantsConfig
from tenants.fields import normalise_host


class TenantRegistry:
    """The tenants one process serves, indexed by id and by domain."""

    def __init__(self, config: TenantsConfig) -> None:
        self._by_id = {tenant.id: tenant for tenant in config.tenants}
        self._by_host = {domain: tenant for tenant in config.tenants for domain in tenant.domains}

    def resolve(self, host: str | None) -> Tenant | None:
        """The tenant for a Host header value (``Rcadealer.localhost:8000``, ``[::1]:80``)."""
        bare = normalise_host(host)
        return None if bare is None else self._by_host.get(bare)

    def get(self, tenant_id: str) -> Tenant | None:
        """The tenant with this id, or None."""
        return self._by_id.get(tenant_id)

    def __iter__(self) -> Iterator[Tenant]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, tenant_id: object) -> bool:
        return tenant_id in self._by_id
