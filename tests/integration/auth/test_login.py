"""POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout over HTTP (DESIGN §5, SPEC §7)."""

from __future__ import annotations

import base64
import json
import time
from datetime import timedelta
from typing import Any

import httpx
import jwt
import pytest

from core.auth import tokens
from core.db import models as m
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, bearer, get_user, token_for
from tests.integration.auth.helpers import ADMIN, count_rows, error_message, login

THIRTY_DAYS = 30 * 86400
WRONG_CREDENTIALS = "Nome utente o password errati"


def _token_headers(response: httpx.Response) -> list[str]:
    """The Set-Cookie headers of the login cookies (not the device cookie, ``d-…``)."""
    return [h for h in response.headers.get_list("set-cookie") if not h.startswith("d-")]


def _set_cookies(response: httpx.Response) -> dict[str, list[str]]:
    """Login cookies by name → their attributes, lower-cased (``max-age=0``, …)."""
    cookies: dict[str, list[str]] = {}
    for header in _token_headers(response):
        first, *attributes = (part.strip() for part in header.split(";"))
        cookies[first.split("=", 1)[0]] = [a.lower() for a in attributes]
    return cookies


def _b64(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def _claims(tenant_id: str, subject: str, kind: str = tokens.ACCESS) -> dict[str, Any]:
    now = int(time.time())
    return {"tid": tenant_id, "sub": subject, "typ": kind, "iat": now, "exp": now + 3600}


# --- logging in -----------------------------------------------------------------------------


@pytest.mark.parametrize("tenant", ["rcadealer", "assicurapp"])
async def test_login_returns_token_and_user_without_password_hash(
    seeded: Runtime, clients: ClientFactory, tenant: str
) -> None:
    response = await login(clients(tenant), ADMIN)

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"token", "user"}
    assert body["token"].count(".") == 2
    user = body["user"]
    assert user["email"] == ADMIN
    assert user["name"] == "Alessandra Amministratrice"
    assert user["role"] == {"admin": True}
    assert user["_id"] == (await get_user(seeded, tenant, ADMIN)).id
    assert not any("password" in key.lower() for key in user)
    assert "argon2" not in response.text


@pytest.mark.parametrize("tenant", ["rcadealer", "assicurapp"])
async def test_login_sets_secure_samesite_none_cookies_for_thirty_days(
    seeded: Runtime, clients: ClientFactory, tenant: str
) -> None:
    response = await login(clients(tenant), ADMIN)

    assert response.status_code == 200
    cookies = _set_cookies(response)
    config = seeded.tenants.get(tenant)
    assert config is not None
    assert set(cookies) == {"t", f"t-{config.app_name}"}
    for attributes in cookies.values():
        assert "secure" in attributes
        assert "samesite=none" in attributes
        assert f"max-age={THIRTY_DAYS}" in attributes
    token = response.json()["token"]
    for header in _token_headers(response):
        assert header.split(";")[0].split("=", 1)[1] == token


@pytest.mark.parametrize("keep", [False, 0])
async def test_login_without_keep_sets_session_cookies(
    seeded: Runtime, clients: ClientFactory, keep: bool | int
) -> None:
    response = await login(clients("rcadealer"), ADMIN, keep=keep)

    assert response.status_code == 200
    cookies = _set_cookies(response)
    assert set(cookies) == {"t", "t-rcadealer"}
    for attributes in cookies.values():
        assert not any(a.startswith(("max-age", "expires")) for a in attributes)
        assert "secure" in attributes
        assert "samesite=none" in attributes


async def test_login_token_carries_tenant_subject_roles_and_expiry(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    before = int(time.time())
    response = await login(clients("rcadealer"), ADMIN)

    claims = jwt.decode(response.json()["token"], settings.signing_key(), algorithms=["HS256"])
    assert claims["tid"] == "rcadealer"
    assert claims["sub"] == response.json()["user"]["_id"]
    assert claims["roles"] == {"admin": True}
    assert before + THIRTY_DAYS - 5 <= claims["exp"] <= int(time.time()) + THIRTY_DAYS + 5


async def test_wrong_password_and_unknown_email_get_the_same_answer(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("rcadealer")
    wrong_password = await login(client, ADMIN, "not-the-password")
    unknown_email = await login(client, "nessuno@demo.it", "not-the-password")

    assert wrong_password.status_code == unknown_email.status_code == 401
    assert wrong_password.json() == unknown_email.json()
    assert error_message(wrong_password) == WRONG_CREDENTIALS
    assert not wrong_password.headers.get_list("set-cookie")


async def test_login_email_is_case_and_space_insensitive(
    seeded: Runtime, clients: ClientFactory
) -> None:
    response = await login(clients("assicurapp"), "  Admin@Demo.IT ")

    assert response.status_code == 200
    assert response.json()["user"]["email"] == ADMIN


# --- invalid requests -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b"{email: admin@demo.it}", id="unquoted"),
        pytest.param(b"not json at all", id="text"),
        pytest.param(
            b'{"email": "admin@demo.it", "password": ',
            id="truncated",
        ),
    ],
)
async def test_malformed_json_is_a_400_in_italian_and_changes_nothing(
    app_runtime: Runtime, clients: ClientFactory, raw: bytes
) -> None:
    response = await clients("rcadealer").post(
        "/api/auth/login", content=raw, headers={"content-type": "application/json"}
    )

    assert response.status_code == 400
    assert not response.headers.get_list("set-cookie")
    assert await count_rows(app_runtime, "rcadealer", m.LoginThrottle) == 0
    assert error_message(response) == "JSON non valido"


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"email": ADMIN}, {"password"}),
        ({"password": "demo1234"}, {"email"}),
        ({}, {"email", "password"}),
        ({"email": 5, "password": "demo1234"}, {"email"}),
        ({"email": ADMIN, "password": ["demo1234"]}, {"password"}),
        ({"email": ADMIN, "password": "demo1234", "keep": "forse"}, {"keep"}),
        ({"email": ADMIN, "password": "demo1234", "admin": True}, {"admin"}),
    ],
    ids=[
        "no-password",
        "no-email",
        "empty",
        "email-number",
        "password-list",
        "keep-text",
        "unknown-field",
    ],
)
async def test_invalid_login_body_is_a_400_in_italian_and_changes_nothing(
    app_runtime: Runtime,
    clients: ClientFactory,
    body: dict[str, Any],
    fields: set[str],
) -> None:
    response = await clients("rcadealer").post("/api/auth/login", json=body)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["name"] == "ValidationError"
    assert error["message"].startswith("Dati non validi: ")
    assert {problem["campo"] for problem in error["dettagli"]} == fields
    assert not response.headers.get_list("set-cookie")
    assert await count_rows(app_runtime, "rcadealer", m.LoginThrottle) == 0


async def test_login_body_that_is_not_an_object_is_a_400(clients: ClientFactory) -> None:
    response = await clients("rcadealer").post("/api/auth/login", json=["admin@demo.it"])

    assert response.status_code == 400
    assert error_message(response) == "Dati non validi: Deve essere un oggetto"


# --- the current user -----------------------------------------------------------------------


@pytest.mark.parametrize("carrier", ["bearer", "token-header", "t-cookie", "app-cookie"])
async def test_me_accepts_the_token_in_every_carrier(
    seeded: Runtime, clients: ClientFactory, carrier: str
) -> None:
    token = await token_for(seeded, "rcadealer", ADMIN)
    headers = {
        "bearer": bearer(token),
        "token-header": {"token": token},
        "t-cookie": {"Cookie": f"t={token}"},
        "app-cookie": {"Cookie": f"t-rcadealer={token}"},
    }[carrier]

    response = await clients("rcadealer").get("/api/auth/me", headers=headers)

    assert response.status_code == 200
    body = response.json()
    assert body["user"]["email"] == ADMIN
    assert body["canEdit"] is True
    assert isinstance(body["menu"], list)
    assert "password" not in json.dumps(body["user"]).lower()


async def test_me_works_with_the_token_the_login_returned(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    token = (await login(client, ADMIN)).json()["token"]

    response = await client.get("/api/auth/me", headers=bearer(token))

    assert response.status_code == 200
    assert response.json()["user"]["email"] == ADMIN


async def test_me_without_a_token_is_a_401(seeded: Runtime, clients: ClientFactory) -> None:
    response = await clients("rcadealer").get("/api/auth/me")

    assert response.status_code == 401
    assert error_message(response) == "Non autorizzato: effettua l'accesso"


async def test_token_of_one_tenant_is_refused_by_another(
    seeded: Runtime, clients: ClientFactory
) -> None:
    token = (await login(clients("rcadealer"), ADMIN)).json()["token"]

    response = await clients("assicurapp").get("/api/auth/me", headers=bearer(token))

    assert response.status_code == 401
    assert error_message(response) == tokens.OTHER_SITE


async def test_forged_token_is_refused(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    admin = await get_user(seeded, "rcadealer", ADMIN)
    key = "another-key-that-is-long-enough-for-hs256-signing"
    assert key != settings.signing_key()
    forged = jwt.encode(
        {**_claims("rcadealer", admin.id), "roles": {"admin": True}}, key, algorithm="HS256"
    )

    response = await clients("rcadealer").get("/api/auth/me", headers=bearer(forged))

    assert response.status_code == 401
    assert error_message(response) == tokens.INVALID


async def test_unsigned_alg_none_token_is_refused(seeded: Runtime, clients: ClientFactory) -> None:
    admin = await get_user(seeded, "rcadealer", ADMIN)
    header = _b64({"alg": "none", "typ": "JWT"})
    unsigned = f"{header}.{_b64({**_claims('rcadealer', admin.id), 'roles': {'admin': True}})}."

    response = await clients("rcadealer").get("/api/auth/me", headers=bearer(unsigned))

    assert response.status_code == 401
    assert error_message(response) == tokens.INVALID


async def test_expired_token_is_refused(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    admin = await get_user(seeded, "rcadealer", ADMIN)
    expired = tokens.mint(
        settings.signing_key(),
        tenant_id="rcadealer",
        subject=admin.id,
        kind=tokens.ACCESS,
        ttl=-timedelta(minutes=5),
        data={"roles": admin.role},
    )

    response = await clients("rcadealer").get("/api/auth/me", headers=bearer(expired))

    assert response.status_code == 401
    assert error_message(response) == tokens.EXPIRED


async def test_registration_link_token_is_not_a_login_token(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    admin = await get_user(seeded, "rcadealer", ADMIN)
    link_token = tokens.mint(
        settings.signing_key(),
        tenant_id="rcadealer",
        subject=admin.id,
        kind=tokens.REGISTRATION,
        ttl=timedelta(hours=1),
    )

    response = await clients("rcadealer").get("/api/auth/me", headers=bearer(link_token))

    assert response.status_code == 401
    assert error_message(response) == tokens.OTHER_SITE


async def test_token_of_a_deleted_user_is_refused(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    ghost = tokens.mint(
        settings.signing_key(),
        tenant_id="rcadealer",
        subject="000000000000000000000000",
        kind=tokens.ACCESS,
        ttl=timedelta(hours=1),
    )

    response = await clients("rcadealer").get("/api/auth/me", headers=bearer(ghost))

    assert response.status_code == 401
    assert error_message(response).startswith("Non autorizzato")


async def test_refused_token_messages_make_the_client_drop_the_cookie(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    admin = await get_user(seeded, "rcadealer", ADMIN)
    expired = tokens.mint(
        settings.signing_key(),
        tenant_id="rcadealer",
        subject=admin.id,
        kind=tokens.ACCESS,
        ttl=-timedelta(minutes=5),
    )
    other_tenant = await token_for(seeded, "assicurapp", ADMIN)
    client = clients("rcadealer")

    for bad in (expired, other_tenant, "not-a-jwt"):
        response = await client.get("/api/auth/me", headers=bearer(bad))
        assert response.status_code == 401
        assert error_message(response).lower().startswith(("no", "puoi")), error_message(response)


# --- logging out ----------------------------------------------------------------------------


async def test_logout_clears_both_cookies(clients: ClientFactory) -> None:
    response = await clients("assicurapp").post("/api/auth/logout")

    assert response.status_code == 200
    cookies = _set_cookies(response)
    assert set(cookies) == {"t", "t-assicurapp"}
    for header in response.headers.get_list("set-cookie"):
        assert header.split(";")[0].split("=", 1)[1] in {"", '""'}
    for attributes in cookies.values():
        assert "max-age=0" in attributes
        assert "secure" in attributes
        assert "samesite=none" in attributes
