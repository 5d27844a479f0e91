"""Every way to set a password refuses one holding the user's name: the demo agent is Mario
Rossi with the address agente@demo.it, so only the name can catch these."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.auth import tokens
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, get_user, token_for
from tests.integration.auth.helpers import DEMO_PASSWORD
from tests.integration.people.helpers import TENANT, message

pytestmark = pytest.mark.usefixtures("seeded")
PERSONAL = "La password non deve contenere il tuo nome o la tua email"


@pytest.mark.parametrize("password", ["RossiMare#Alto77", "Lago#MARIO#Alto7"])
async def test_changing_ones_password_to_ones_name_is_refused(
    clients: ClientFactory, seeded: Runtime, password: str
) -> None:
    before = (await get_user(seeded, TENANT, "agente@demo.it")).password_hash
    headers = bearer(await token_for(seeded, TENANT, "agente@demo.it"))
    async with clients(TENANT) as client:
        answer = await client.post(
            "/api/account/password", json={"current": DEMO_PASSWORD, "password": password},
            headers=headers,
        )  # fmt: skip
    assert (answer.status_code, message(answer)) == (400, PERSONAL)
    assert (await get_user(seeded, TENANT, "agente@demo.it")).password_hash == before


async def test_a_reset_to_ones_name_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    user = await get_user(seeded, TENANT, "agente@demo.it")
    link = tokens.mint(
        seeded.settings.signing_key(), tenant_id=TENANT, subject=user.id, kind=tokens.RESET,
        ttl=timedelta(hours=1), data={"cv": user.credentials_version},
    )  # fmt: skip
    async with clients(TENANT) as client:
        answer = await client.post(
            "/api/auth/password-reset/confirm", json={"token": link, "password": "RossiMare#Alto77"}
        )
    assert (answer.status_code, message(answer)) == (400, PERSONAL)
    assert (await get_user(seeded, TENANT, "agente@demo.it")).password_hash == user.password_hash
