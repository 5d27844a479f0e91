"""A cookie-carried token only acts for requests from the tenant's own pages."""

from __future__ import annotations

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory

INVITE = {"email": "nuovo@example.it", "name": "Nuovo", "role": {"a": {"type": "agente"}}}


async def _admin_token(clients: ClientFactory) -> str:
    response = await clients("assicurapp").post(
        "/api/auth/login", json={"email": "admin@demo.it", "password": "demo1234"}
    )
    token: str = response.json()["token"]
    return token


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"referer": "https://evil.example/attack.html"},
        {"sec-fetch-site": "cross-site"},
        {"origin": "http://rcadealer.localhost"},  # another tenant is another site
    ],
    ids=["origin", "referer", "fetch-metadata", "other-tenant"],
)
async def test_cross_site_cookie_requests_are_refused(
    seeded: Runtime, clients: ClientFactory, headers: dict[str, str]
) -> None:
    token = await _admin_token(clients)
    client = clients("assicurapp")
    response = await client.post(
        "/api/auth/invite",
        content=b'{"email":"evil@attacker.example","name":"x","role":{"admin":true}}',
        headers={"cookie": f"t={token}", "content-type": "text/plain", **headers},
    )
    assert response.status_code == 403
    assert response.json()["error"]["message"] == "Richiesta rifiutata: proviene da un altro sito"


async def test_same_site_cookie_requests_and_header_tokens_work(
    seeded: Runtime, clients: ClientFactory
) -> None:
    token = await _admin_token(clients)
    client = clients("assicurapp")
    same_site = await client.post(
        "/api/auth/invite",
        json=INVITE,
        headers={"cookie": f"t={token}", "origin": "http://assicurapp.localhost:8000"},
    )
    assert same_site.status_code == 201, same_site.text
    bearer = await client.post(
        "/api/auth/invite",
        json={**INVITE, "email": "altro@example.it"},
        headers={"authorization": f"Bearer {token}", "origin": "https://tool.example"},
    )
    assert bearer.status_code == 201  # a header token is never sent by a browser on its own
    read = await client.get(
        "/api/auth/me", headers={"cookie": f"t={token}", "origin": "https://evil.example"}
    )
    assert read.status_code == 200  # safe methods change nothing


@pytest.mark.parametrize(
    "headers",
    [{"origin": "https://evil.example"},
     {"referer": "https://evil.example/page"},
     {"sec-fetch-site": "cross-site"},
     {"origin": "http://rcadealer.localhost"}],  # another tenant's page is another site too
)  # fmt: skip
async def test_a_login_posted_from_another_site_is_refused_and_sets_no_cookie(
    clients: ClientFactory, seeded: Runtime, headers: dict[str, str]
) -> None:
    body = {"email": "admin@demo.it", "password": "demo1234"}
    async with clients("assicurapp") as client:
        answer = await client.post("/api/auth/login", json=body, headers=headers)
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "Richiesta rifiutata: proviene da un altro sito"
    assert "set-cookie" not in answer.headers


async def test_a_login_from_the_tenants_own_page_or_an_api_client_works(
    clients: ClientFactory, seeded: Runtime
) -> None:
    body = {"email": "admin@demo.it", "password": "demo1234"}
    own = {"origin": "http://assicurapp.localhost", "sec-fetch-site": "same-origin"}
    async with clients("assicurapp") as client:
        assert (await client.post("/api/auth/login", json=body, headers=own)).status_code == 200
        assert (await client.post("/api/auth/login", json=body)).status_code == 200  # curl
