"""The origin absolute links are built from: only ever one of the tenant's own hosts."""

from __future__ import annotations

import pytest

from core.http.origin import client_origin
from tenants.config import Tenant

TENANT = Tenant.model_validate(
    {"id": "t", "app_name": "t", "domains": ["t.localhost", "t.example.it"], "title": "T"}
)


@pytest.mark.parametrize(
    ("headers", "scheme", "expected"),
    [
        ({"origin": "https://t.example.it", "host": "t.localhost:8000"}, "ws", "https://t.example.it"),
        ({"host": "t.localhost:8000"}, "ws", "http://t.localhost:8000"),
        ({"host": "t.example.it"}, "wss", "https://t.example.it"),
        ({"host": "t.example.it", "x-forwarded-proto": "https"}, "ws", "https://t.example.it"),
        ({"origin": "https://evil.example", "host": "t.localhost"}, "ws", "http://t.localhost"),
        ({"origin": "https://evil.example", "host": "evil.example"}, "ws", None),
        ({}, "ws", None),
    ],
)  # fmt: skip
def test_client_origin(headers: dict[str, str], scheme: str, expected: str | None) -> None:
    assert client_origin(headers, scheme, TENANT) == expected
