"""Bad input on every route: a clear 4xx with the error shape, never a 500, nothing changed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory

HOSTILE_BODIES: list[bytes] = [
    b"",
    b"{",
    b"null",
    b"[]",
    b'"stringa"',
    b"12345678901234567890123456789",
    b'{"email": ["a"], "password": {"x": 1}, "keep": "forse"}',
    b'{"enabled": "true"}',
    b'{"token": null, "password": 5}',
    b"\xff\xfe\x00garbage",
    json.dumps({"a": "x" * 100_000}).encode(),
    b"[" * 5000 + b"]" * 5000,
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def _operations(app: Litestar) -> list[tuple[str, str]]:
    schema = app.openapi_schema.to_schema()
    operations = []
    for path, item in schema["paths"].items():
        concrete = re.sub(r"\{[^}]+\}", "x", path)
        for method in item:
            if method in {"get", "post", "put", "patch", "delete"}:
                operations.append((method.upper(), concrete))
    return sorted(operations)


async def _admin_headers(client: AsyncTestClient[Litestar]) -> dict[str, str]:
    response = await client.post(
        "/api/auth/login", json={"email": "admin@demo.it", "password": "demo1234"}
    )
    return {"Authorization": f"Bearer {response.json()['token']}"}


def _assert_clear_error(status: int, body: bytes, what: str) -> None:
    assert status < 500, f"{what}: {status} {body[:300]!r}"
    if status >= 400:
        error = json.loads(body)["error"]
        assert error["message"], what


async def _snapshot(runtime: Runtime) -> dict[str, int]:
    counts = {}
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            for model in (m.User, m.TenantSettings, m.SpentLink, m.OutboxMail):
                total = await session.execute(select(func.count()).select_from(model))
                counts[model.__tablename__] = int(total.scalar_one())
    return counts


async def test_hostile_bodies_on_every_route(
    seeded: Runtime, clients: ClientFactory, app: Litestar
) -> None:
    client = clients("assicurapp")
    headers = await _admin_headers(client)
    before = await _snapshot(seeded)
    operations = _operations(app)
    assert len(operations) >= 10
    for method, path in operations:
        for body in HOSTILE_BODIES:
            response = await client.request(
                method, path, content=body, headers={**headers, "content-type": "application/json"}
            )
            _assert_clear_error(response.status_code, response.content, f"{method} {path}")
    assert await _snapshot(seeded) == before


async def test_oversize_body_is_refused(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("assicurapp")
    huge = b'{"email": "' + b"a" * (seeded.settings.app.max_body_bytes + 10) + b'"}'
    response = await client.post(
        "/api/auth/login", content=huge, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["error"]["message"] == "Richiesta troppo grande"


@pytest.mark.parametrize(
    "path", ["/api/auth/login", "/api/auth/register", "/api/auth/password-reset/confirm"]
)
async def test_random_json_never_breaks_the_public_routes(
    seeded: Runtime, clients: ClientFactory, path: str
) -> None:
    client = clients("assicurapp")
    seen: list[Any] = []

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(payload=json_values)
    def collect(payload: Any) -> None:
        seen.append(payload)

    collect()
    for payload in seen:
        response = await client.post(path, json=payload)
        _assert_clear_error(response.status_code, response.content, f"{path} {payload!r}")
