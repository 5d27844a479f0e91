"""A policy's extension link hit by ten requests at once: at most five quotes, each listed."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.links import PURPOSE
from core.domain.quotes.links import mint_code
from tests.integration.races.conftest import LiveHttp, at_once

TENANT = "assicurapp"
LIMIT = 5  # SPEC §2: at most five extension requests a policy


async def test_ten_extension_requests_at_once_make_five_quotes(server: LiveHttp) -> None:
    runtime = server.runtime
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            policy = (await session.execute(select(m.Policy).limit(1))).scalar_one()
    code = mint_code(runtime.settings, runtime.tenants.get(TENANT), policy.id, "admin", PURPOSE)  # type: ignore[arg-type]
    url = f"/api/public/policies/{policy.id}/{code}/extension"
    async with server.client(TENANT) as http:
        answers = await at_once(
            http.post(url, json={"kind": "conducente", "note": f"Figlio {n}"}) for n in range(10)
        )
    assert Counter(a.status_code for a in answers) == {200: LIMIT, 400: 10 - LIMIT}
    refused = next(a for a in answers if a.status_code == 400)
    assert refused.json()["error"]["message"] == (
        "Hai già inviato il numero massimo di richieste per questa polizza"
    )
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            made = [
                q.id for q in (await session.execute(select(m.Quote))).scalars()
                if (q.quote or {}).get("extensionOf") == policy.id
            ]  # fmt: skip
            stored = await session.get(m.Policy, policy.id)
    assert stored is not None
    assert len(made) == LIMIT
    assert sorted(stored.quote["extensions"]) == sorted(made)
