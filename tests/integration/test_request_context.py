"""Every log line of a request is bound with its request id, tenant and user."""

from __future__ import annotations

from typing import Any

import structlog
from litestar import get
from litestar.testing import AsyncTestClient

from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep
from core.runtime import Runtime
from core.testing import PluginKit


@get("/api/test-context", sync_to_thread=False)
def bound_context(principal: PrincipalDep) -> dict[str, Any]:
    return dict(structlog.contextvars.get_contextvars())


class ContextProbe:
    @hookimpl
    def register_routes(self) -> list[Any]:
        return [bound_context]


async def test_request_id_tenant_and_user_are_bound(seeded: Runtime, plugin_kit: PluginKit) -> None:
    with plugin_kit(ContextProbe()) as (_runtime, app):
        async with AsyncTestClient(app, base_url="http://rcadealer.localhost") as client:
            login = await client.post(
                "/api/auth/login", json={"email": "agente@demo.it", "password": "demo1234"}
            )
            headers = {"Authorization": f"Bearer {login.json()['token']}", "x-request-id": "abc-1"}
            response = await client.get("/api/test-context", headers=headers)
            forged = await client.get(
                "/api/test-context", headers={**headers, "x-request-id": "bad id\n"}
            )
    bound = response.json()
    assert bound["request_id"] == "abc-1"
    assert response.headers["x-request-id"] == "abc-1"
    assert bound["tenant"] == "rcadealer"
    assert bound["user"] == login.json()["user"]["_id"]
    assert forged.json()["request_id"] != "bad id\n"  # only well-formed ids are trusted
