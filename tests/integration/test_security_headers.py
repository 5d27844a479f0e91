"""Security headers on every response: pages, API, assets, errors and public pages."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from core.app import create_app
from core.runtime import Runtime
from core.settings import Environment, Settings
from core.testing import ClientFactory

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
}


@pytest.mark.parametrize(
    "path",
    ["/", "/preventivi/123", "/api/tenant", "/api/auth/me", "/healthz", "/favicon.svg",
     "/api/public/quotes/abc/def", "/api/nothing-here"],
)  # fmt: skip
async def test_every_response_carries_the_security_headers(
    clients: ClientFactory, path: str
) -> None:
    async with clients("assicurapp") as client:
        answer = await client.get(path)
    for name, value in EXPECTED.items():
        assert answer.headers[name] == value, (path, name)
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-eval" not in policy
    assert "connect-src 'self' ws://assicurapp.localhost wss://assicurapp.localhost" in policy
    assert "strict-transport-security" not in answer.headers  # not in development


async def test_hsts_only_in_production(settings: Settings, runtime: Runtime) -> None:
    production = settings.model_copy(
        update={"app": settings.app.model_copy(update={"environment": Environment.PRODUCTION})}
    )
    app = create_app(production, pm=runtime.pm, migrate=False, seed=False)
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        answer = await client.get("/healthz")
    assert answer.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"


async def test_a_forged_host_cannot_inject_into_the_policy(clients: ClientFactory) -> None:
    async with clients("assicurapp") as client:
        answer = await client.get("/healthz", headers={"host": "evil.example; script-src *"})
    assert answer.status_code in (400, 404)
    assert "evil" not in answer.headers["content-security-policy"]
