"""The token cookies the server sets are HttpOnly: the answer that sets them carries the token
in its body, so no script of the page has any reason, or any way, to read them."""

from __future__ import annotations

import httpx
import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, bearer, token_for
from tests.integration.auth.helpers import ADMIN, DEMO_PASSWORD, login

TENANT = "assicurapp"
TOKEN_COOKIES = {"t", "t-assicurapp"}
NEW_PASSWORD = "Tramonto-Sul-Tevere-77"

pytestmark = pytest.mark.usefixtures("seeded")


def _flags(response: httpx.Response) -> dict[str, set[str]]:
    """Set-Cookie headers by cookie name → their attribute names, lower-cased."""
    found: dict[str, set[str]] = {}
    for header in response.headers.get_list("set-cookie"):
        first, *attributes = (part.strip() for part in header.split(";"))
        found[first.split("=", 1)[0]] = {a.split("=", 1)[0].lower() for a in attributes}
    return found


async def test_login_logout_and_a_new_password_set_httponly_cookies(
    clients: ClientFactory, seeded: Runtime
) -> None:
    async with clients(TENANT) as client:
        logged_in = await login(client, ADMIN, keep=False)
        assert logged_in.status_code == 200
        assert logged_in.json()["token"]  # the client reads the token here
        headers = bearer(await token_for(seeded, TENANT, "agente@demo.it"))
        changed = await client.post(
            "/api/account/password",
            json={"current": DEMO_PASSWORD, "password": NEW_PASSWORD},
            headers=headers,
        )
        assert changed.status_code == 200, changed.text
        logged_out = await client.post("/api/auth/logout")
    for response in (logged_in, changed, logged_out):
        flags = _flags(response)
        device = {name for name in flags if name.startswith("d-")}
        assert set(flags) - device == TOKEN_COOKIES
        assert len(device) == (1 if response is logged_in else 0)  # the login's device cookie
        for attributes in flags.values():
            assert "httponly" in attributes
            assert "secure" in attributes
