"""``/account``: one's own name, language and password; a new password ends other sessions."""

from __future__ import annotations

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, bearer, token_for
from tests.integration.auth.helpers import DEMO_PASSWORD, login
from tests.integration.people.helpers import TENANT, message

pytestmark = pytest.mark.usefixtures("seeded")
NEW_PASSWORD = "Tramonto-Sul-Tevere-77"


async def test_name_and_language(clients: ClientFactory, seeded: Runtime) -> None:
    headers = bearer(await token_for(seeded, TENANT, "agente@demo.it"))
    async with clients(TENANT) as client:
        ok = await client.patch("/api/account", json={"name": "Mario R.", "lang": "en"},
                                headers=headers)  # fmt: skip
        assert ok.status_code == 200, ok.text
        assert (ok.json()["name"], ok.json()["lang"]) == ("Mario R.", "en")
        for bad in ({"lang": "de"}, {"name": ""}, {"role": {"admin": True}}, {"email": "x@y.it"}):
            refused = await client.patch("/api/account", json=bad, headers=headers)
            assert refused.status_code == 400, bad
        me = (await client.get("/api/auth/me", headers=headers)).json()["user"]
    assert (me["name"], me["lang"], me["role"]) == ("Mario R.", "en", {"a": {"type": "agente"}})


async def test_a_new_password_ends_the_other_sessions(
    clients: ClientFactory, seeded: Runtime
) -> None:
    old = bearer(await token_for(seeded, TENANT, "agente@demo.it"))
    async with clients(TENANT) as client:
        wrong = await client.post(
            "/api/account/password", json={"current": "nope", "password": NEW_PASSWORD},
            headers=old,
        )  # fmt: skip
        assert (wrong.status_code, message(wrong)) == (403, "La password attuale non è corretta")
        weak = await client.post(
            "/api/account/password", json={"current": DEMO_PASSWORD, "password": "123"},
            headers=old,
        )  # fmt: skip
        assert weak.status_code == 400
        ok = await client.post(
            "/api/account/password", json={"current": DEMO_PASSWORD, "password": NEW_PASSWORD},
            headers=old,
        )  # fmt: skip
        assert ok.status_code == 200, ok.text
        fresh = bearer(ok.json()["token"])
        assert (await client.get("/api/auth/me", headers=fresh)).status_code == 200
        assert (await client.get("/api/auth/me", headers=old)).status_code == 401
        assert (await login(client, "agente@demo.it")).status_code == 401
        assert (await login(client, "agente@demo.it", NEW_PASSWORD)).status_code == 200
        anonymous = await client.post(
            "/api/account/password", json={"current": NEW_PASSWORD, "password": "x" * 20}
        )
        assert anonymous.status_code == 401
