"""The tenant's storage quota: uploads of several users together cannot take a tenant past it
(each user being well under their own), the refusal is 413 in Italian and stores nothing, and
another tenant's uploads do not count."""

from __future__ import annotations

from typing import Any

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, token_for
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote
from tests.integration.quotes.test_uploads import _documents, _stored_files

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
SIZE = 700_000
"""Two of these (1,4 MB) pass a 1 MB quota together; one does not."""


async def _upload(
    clients: ClientFactory, runtime: Runtime, tenant: str, who: str, name: str
) -> Any:
    quote = await agent_quote(runtime, tenant)
    token = await token_for(runtime, tenant, f"{who}@demo.it")
    async with clients(tenant) as client:
        return await client.post(
            "/uploadDocs", headers={"token": token},
            data={"preventivoId": quote.id, "idToUpload": "doc"},
            files={"file.0": (name, b"x" * SIZE, "application/octet-stream")},
        )  # fmt: skip


async def test_users_together_cannot_pass_the_tenants_quota(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seeded.settings.uploads, "tenant_quota_mb", 1)
    first = await _upload(clients, seeded, TENANT, "responsabile", "a.bin")
    assert first.status_code == 200, first.text
    before_rows, before_files = await _documents(seeded), _stored_files(seeded)

    second = await _upload(clients, seeded, TENANT, "admin", "b.bin")  # another user

    assert second.status_code == 413, second.text
    assert error_message(second) == (
        "Spazio esaurito: i documenti dello studio hanno raggiunto il limite di 1 mega"
    )
    assert (await _documents(seeded), _stored_files(seeded)) == (before_rows, before_files)
    other = await _upload(clients, seeded, "rcadealer", "admin", "c.bin")
    assert other.status_code == 200, other.text  # another tenant's space is its own
