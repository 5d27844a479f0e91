"""The product-line gate's user side: an extra product is worked by admins and the users who
have it; a line that is not an extra product (rca) by every user of a tenant that has it on."""

from __future__ import annotations

import pytest

from core.auth.principal import Principal
from core.context import tenant_scope
from core.lines import LineAccess
from core.runtime import Runtime

AGENT = {"a": {"type": "agente"}}
ADMIN = {"admin": True}


@pytest.mark.parametrize(
    ("tenant", "line", "roles", "extra", "access"),
    [
        ("rcadealer", "rca", AGENT, (), LineAccess.OPEN),  # not an extra product
        ("rcadealer", "rca", {"e": True}, (), LineAccess.OPEN),  # its own rules refuse later
        ("rcadealer", "noleggio-auto", AGENT, (), LineAccess.NOT_YOURS),
        ("rcadealer", "noleggio-auto", AGENT, ("noleggio-auto",), LineAccess.OPEN),
        ("rcadealer", "noleggio-auto", ADMIN, (), LineAccess.OPEN),
        ("assicurapp", "rca", AGENT, (), LineAccess.OFF),  # not offered there
        ("assicurapp", "rca", ADMIN, (), LineAccess.OFF),
    ],
)
async def test_who_works_a_line(
    runtime: Runtime,
    tenant: str,
    line: str,
    roles: dict[str, object],
    extra: tuple[str, ...],
    access: LineAccess,
) -> None:
    user = Principal("u1", tenant, roles, extra_products=extra)
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            assert await runtime.lines.access(session, tenant, user, line) is access
