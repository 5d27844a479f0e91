"""The customer's quote page behind a link code: valid, tampered, expired, other tenant or
quote, the offers it shows, and the emission request it allows (no login): with a chosen offer,
never before the quote is priced, never with an oversized or malformed body."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from core.auth import tokens
from core.context import tenant_scope
from core.db import models as m
from core.domain.quotes.links import PURPOSE, mint_code
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote, load
from tests.realtime.policy_records import new_quote

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
    assert "nome" not in ids  # the name is shown once, as the customer
    assert "cf" in ids
    assert "email" not in ids
    assert "platform" not in shown["price"]  # the broker's share is not the customer's
    assert "company" not in shown["price"]  # the offers come shaped, below
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
        for bad in (forged, "nonvalido", code[:-1], code + "A" * 3000):
            status, body = await _open(client, quote.id, bad)
            assert (status, body["error"]["message"]) == (404, "Link non valido")


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
            assert (status, body["error"]["message"]) == (404, "Link non valido")
    foreign = await agent_quote(seeded, "rcadealer")
    async with clients("assicurapp") as client:  # rcadealer's quote through assicurapp's host
        for code in (_code(seeded, "assicurapp", foreign.id), "nonvalido", "x" * 3000):
            status, body = await _open(client, foreign.id, code)
            assert (status, body["error"]["message"]) == (404, "Link non valido")
            emission = await client.post(f"/api/public/quotes/{foreign.id}/{code}/emission")
            assert (emission.status_code, error_message(emission)) == (404, "Link non valido")
    assert (await load(seeded, "rcadealer", m.Quote, foreign.id)).emission_requested_at is None


async def test_the_customer_requests_the_emission_once(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(
        seeded, "assicurapp",
        test=lambda q: not q.archived and q.emission_requested_at is None
        and q.status not in (None, "In attesa di quotazione"),
    )  # fmt: skip
    code = _code(seeded, "assicurapp", quote.id)
    async with clients("assicurapp") as client:
        first = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission")
        second = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission")
        _status, body = await _open(client, quote.id, code)
    assert first.status_code == 200
    assert first.json()["requestEmission"]["by"] == quote.agent_id
    assert first.json()["chosen"]["company"] == "Allianz"  # the only offer
    assert first.json()["status"] == "Emissione richiesta"
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


async def _priced(runtime: Runtime, *offers: tuple[str, dict[str, object]]) -> str:
    """A new plain quote with ``offers`` entered, as quotation leaves it ('Preventivato')."""
    quote_id = await new_quote(runtime, "assicurapp")
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.price = {"company": dict(offers), "platform": {"tot": 40}}
            quote.status = "Preventivato"
    return quote_id


ALLIANZ = {
    "tot": 1000.07, "net": 820.0, "taxTotal": 180.07, "note": "Cristalli inclusi",
    "frazionamento": "MEN",
    "taxes": [
        {"ramo": "RCA", "label": "Imposta RC auto", "rate": 12.5, "base": 800.0,
         "amount": 100.0, "extra": "hidden"},
        {"ramo": "SSN", "label": "Contributo SSN", "rate": 10.5, "base": 762.57,
         "amount": 80.07},
    ],
}  # fmt: skip
GENERALI = {"tot": 950, "note": "", "frazionamento": "SEM"}


async def test_the_link_shows_each_offer_with_its_instalments(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await _priced(seeded, ("Allianz", ALLIANZ), ("Generali", GENERALI))
    async with clients("assicurapp") as client:
        status, body = await _open(client, quote_id, _code(seeded, "assicurapp", quote_id))
    assert status == 200
    shown = body["quote"]
    assert (shown["priced"], shown["chosen"], shown["issued"]) == (True, None, None)
    allianz, generali = shown["offers"]
    # 1000.07 € monthly: 100,007 cents / 12 = 8,333 r 11 → the first 83.44, then 11 × 83.33
    # (83.44 + 11 × 83.33 = 83.44 + 916.63 = 1000.07)
    assert allianz == {
        "company": "Allianz", "tot": 1000.07, "net": 820.0, "taxTotal": 180.07,
        "note": "Cristalli inclusi", "frazionamento": "MEN", "frequencyName": "Mensile",
        "instalments": [83.44] + [83.33] * 11,
        "taxes": [
            {"ramo": "RCA", "label": "Imposta RC auto", "rate": 12.5, "base": 800.0,
             "amount": 100.0},
            {"ramo": "SSN", "label": "Contributo SSN", "rate": 10.5, "base": 762.57,
             "amount": 80.07},
        ],
    }  # fmt: skip
    # 950 € half-yearly: 95,000 cents / 2 = 47,500 each, nothing left over
    assert generali == {
        "company": "Generali", "tot": 950, "note": "", "frazionamento": "SEM",
        "frequencyName": "Semestrale", "instalments": [475, 475],
    }  # fmt: skip


async def test_no_request_without_a_choice_among_several_offers(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await _priced(seeded, ("Allianz", ALLIANZ), ("Generali", GENERALI))
    code = _code(seeded, "assicurapp", quote_id)
    url = f"/api/public/quotes/{quote_id}/{code}/emission"
    async with clients("assicurapp") as client:
        for body, message in (
            ({}, "Scegli l'offerta"),
            ({"company": "Unipol"}, "Nessuna offerta della compagnia Unipol"),
        ):
            refused = await client.post(url, json=body)
            assert refused.status_code == 400
            assert message in error_message(refused)
        stored = await load(seeded, "assicurapp", m.Quote, quote_id)
        assert (stored.emission_requested_at, stored.status) == (None, "Preventivato")
        assert "emission" not in stored.quote
        answer = await client.post(url, json={"company": "Generali"})
        _status, shown = await _open(client, quote_id, code)
    assert answer.status_code == 200
    assert answer.json()["chosen"] == {"company": "Generali", "premium": 950, "via": "link"}
    assert answer.json()["status"] == "Emissione richiesta"
    assert shown["quote"]["chosen"]["company"] == "Generali"
    stored = await load(seeded, "assicurapp", m.Quote, quote_id)
    assert stored.status == "Emissione richiesta"
    assert stored.quote["emission"] == {
        "state": 1, "company": "Generali", "premium": 950, "frazionamento": "SEM", "via": "link",
    }  # fmt: skip


async def test_no_request_before_the_quote_is_priced(
    clients: ClientFactory, seeded: Runtime
) -> None:
    waiting = await new_quote(seeded, "assicurapp")  # 'In attesa di quotazione', no offers
    code = _code(seeded, "assicurapp", waiting)
    async with clients("assicurapp") as client:
        _status, shown = await _open(client, waiting, code)
        refused = await client.post(f"/api/public/quotes/{waiting}/{code}/emission", json={})
    assert (shown["quote"]["priced"], shown["quote"]["offers"]) == (False, [])
    assert refused.status_code == 400
    assert error_message(refused).startswith("Il preventivo non è ancora stato quotato")
    stored = await load(seeded, "assicurapp", m.Quote, waiting)
    assert (stored.emission_requested_at, stored.status) == (None, "In attesa di quotazione")


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b'{"company": "' + b"x" * 5000 + b'"}', 413),  # over the 2 KB a public body may carry
        (b"{not json", 400),
        (b'{"company": "Generali", "admin": true}', 400),
        (b'{"company": "' + b"x" * 101 + b'"}', 400),
        (b'{"company": 5}', 400),
        (b"[1, 2]", 400),
    ],
)
async def test_bad_bodies_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: bytes, status: int
) -> None:
    quote_id = await _priced(seeded, ("Allianz", ALLIANZ), ("Generali", GENERALI))
    code = _code(seeded, "assicurapp", quote_id)
    async with clients("assicurapp") as client:
        response = await client.post(
            f"/api/public/quotes/{quote_id}/{code}/emission",
            content=body, headers={"content-type": "application/json"},
        )  # fmt: skip
    assert response.status_code == status
    stored = await load(seeded, "assicurapp", m.Quote, quote_id)
    assert (stored.emission_requested_at, stored.status) == (None, "Preventivato")
