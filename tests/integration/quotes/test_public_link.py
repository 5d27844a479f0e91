"""The customer's quote page behind a link code: valid, tampered, expired, other tenant or
quote, and the emission request it allows (no login)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from core.auth import tokens
from core.db import models as m
from core.domain.quotes.links import PURPOSE, mint_code
from core.runtime import Runtime
from tests.harness import ClientFactory
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote, load

pytestmark = pytest.mark.usefixtures("seeded")


def _code(runtime: Runtime, tenant: str, quote_id: str) -> str:
    return mint_code(runtime.settings, runtime.tenants.get(tenant), quote_id, "someone")  # type: ignore[arg-type]


async def _open(client: AsyncTestClient[Litestar], quote_id: str, code: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    response = await client.get(f"/api/public/quotes/{quote_id}/{code}")
    return response.status_code, response.json()


async def test_a_valid_code_shows_the_quote_without_hidden_fields(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, "assicurapp")
    async with clients("assicurapp") as client:
        status, body = await _open(client, quote.id, _code(seeded, "assicurapp", quote.id))
    assert status == 200
    shown = body["quote"]
    assert (shown["_id"], shown["status"], shown["productName"]) == (
        quote.id, quote.status, "RC Auto",
    )  # fmt: skip
    assert shown["customer"] == next(e["value"] for e in quote.usr_data if e["_id"] == "nome")
    ids = {entry["_id"] for entry in shown["usrData"]}
    assert "nome" in ids
    assert "email" not in ids
    assert "aId" not in shown
    assert "allegati" not in shown
    expires = datetime.fromisoformat(body["expiresAt"])
    assert timedelta(days=29) < expires - datetime.now(UTC) <= timedelta(days=30)


async def test_a_tampered_code_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    quote = await agent_quote(seeded, "assicurapp")
    code = _code(seeded, "assicurapp", quote.id)
    head, payload, signature = code.split(".")
    forged = f"{head}.{payload}.{signature[:-3]}{'AAA' if signature[-3:] != 'AAA' else 'BBB'}"
    async with clients("assicurapp") as client:
        for bad in (forged, "nonvalido", code[:-1]):
            status, body = await _open(client, quote.id, bad)
            assert (status, body["error"]["message"]) == (403, "Link non valido")


async def test_an_expired_code_is_gone(clients: ClientFactory, seeded: Runtime) -> None:
    quote = await agent_quote(seeded, "assicurapp")
    tenant = seeded.tenants.get("assicurapp")
    assert tenant is not None
    old = tokens.mint(
        seeded.settings.signing_key(), tenant_id=tenant.id, subject=quote.id, kind=PURPOSE,
        ttl=timedelta(seconds=-5),
    )  # fmt: skip
    async with clients("assicurapp") as client:
        status, body = await _open(client, quote.id, old)
        emission = await client.post(f"/api/public/quotes/{quote.id}/{old}/emission")
    assert (status, body["error"]["message"]) == (410, "Il link è scaduto")
    assert emission.status_code == 410


async def test_codes_of_other_tenants_quotes_or_purposes_are_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, "assicurapp")
    other = await agent_quote(seeded, "assicurapp", test=lambda q: q.id != quote.id)
    tenant = seeded.tenants.get("assicurapp")
    assert tenant is not None
    login_like = tokens.mint(
        seeded.settings.signing_key(), tenant_id=tenant.id, subject=quote.id,
        kind=tokens.ACCESS, ttl=timedelta(days=1),
    )  # fmt: skip
    async with clients("assicurapp") as client:
        for quote_id, code in (
            (quote.id, _code(seeded, "rcadealer", quote.id)),  # another tenant's code
            (other.id, _code(seeded, "assicurapp", quote.id)),  # another quote's code
            (quote.id, login_like),  # signed by us, for another purpose
        ):
            status, body = await _open(client, quote_id, code)
            assert (status, body["error"]["message"]) == (403, "Link non valido")
    foreign = await agent_quote(seeded, "rcadealer")
    async with clients("assicurapp") as client:  # rcadealer's quote through assicurapp's host
        status, body = await _open(client, foreign.id, _code(seeded, "assicurapp", foreign.id))
    assert (status, body["error"]["message"]) == (404, "Preventivo non trovato")


async def test_the_customer_requests_the_emission_once(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(
        seeded, "assicurapp", test=lambda q: not q.archived and q.emission_requested_at is None
    )
    code = _code(seeded, "assicurapp", quote.id)
    async with clients("assicurapp") as client:
        first = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission")
        second = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission")
        _status, body = await _open(client, quote.id, code)
    assert first.status_code == 200
    assert first.json()["requestEmission"]["by"] == quote.agent_id
    assert second.json() == first.json()
    assert body["quote"]["status"] == "Emissione richiesta"
    stored = await load(seeded, "assicurapp", m.Quote, quote.id)
    assert stored.quote["statusBefore"] == quote.status


async def test_no_emission_for_an_archived_quote(clients: ClientFactory, seeded: Runtime) -> None:
    quote = await agent_quote(seeded, "assicurapp", test=lambda q: q.archived)
    code = _code(seeded, "assicurapp", quote.id)
    async with clients("assicurapp") as client:
        response = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission")
    assert response.status_code == 400
    assert "archiviato" in error_message(response)
    assert (await load(seeded, "assicurapp", m.Quote, quote.id)).emission_requested_at is None
