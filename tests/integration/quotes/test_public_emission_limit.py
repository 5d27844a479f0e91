"""The customer's emission request behind a quote link is counted per client address like the
page: past the limit it is 429 with Retry-After and the quote is not touched."""

from __future__ import annotations

import secrets

import pytest

from core.db import models as m
from core.domain.quotes.links import mint_code
from core.http.ratelimit import RateLimits
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote, load

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


def _three_a_minute(settings: Settings) -> RateLimits:
    rules = settings.rate_limits.model_copy(update={"public_link_per_address": "3/minute"})
    return RateLimits(rules, f"t-{secrets.token_hex(4)}")


async def test_guessing_emission_codes_is_limited_per_address(
    clients: ClientFactory, seeded: Runtime, settings: Settings
) -> None:
    seeded.rate_limits = _three_a_minute(settings)
    url = "/api/public/quotes/q1/non-un-codice/emission"
    async with clients(TENANT) as client:
        answers = [await client.post(url, json={}) for _ in range(4)]
    assert [a.status_code for a in answers] == [404, 404, 404, 429]
    assert error_message(answers[3]).startswith("Troppe richieste: riprova tra ")
    assert int(answers[3].headers["retry-after"]) >= 1


async def test_a_valid_request_past_the_limit_changes_nothing(
    clients: ClientFactory, seeded: Runtime, settings: Settings
) -> None:
    quote = await agent_quote(seeded, TENANT, test=lambda q: q.emission_requested_at is None)
    tenant = seeded.tenants.get(TENANT)
    assert tenant is not None
    code = mint_code(seeded.settings, tenant, quote.id, "admin")
    seeded.rate_limits = _three_a_minute(settings)
    async with clients(TENANT) as client:
        for _ in range(3):  # the page, read three times, spends the address's allowance
            assert (await client.get(f"/api/public/quotes/{quote.id}/{code}")).status_code == 200
        refused = await client.post(f"/api/public/quotes/{quote.id}/{code}/emission", json={})
    assert refused.status_code == 429, refused.text
    after = await load(seeded, TENANT, m.Quote, quote.id)
    assert (after.emission_requested_at, after.status) == (None, quote.status)
