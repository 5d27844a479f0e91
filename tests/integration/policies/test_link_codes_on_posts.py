"""The customer's policy POSTs (purchase, extension) open their link code like the page does: a
code of another policy, another purpose or tampered is refused with 'Link non valido' and
changes nothing; and every request behind a policy link is counted per client address."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.links import PURPOSE
from core.domain.quotes.links import mint_code
from core.http.ratelimit import RateLimits
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory
from tests.integration.auth.helpers import error_message

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
EXTENSION = {"kind": "conducente", "note": "Aggiungere mio figlio"}
PURCHASE = {"method": "agenzia"}


def _code(runtime: Runtime, policy_id: str, purpose: str = PURPOSE) -> str:
    tenant = runtime.tenants.get(TENANT)
    assert tenant is not None
    return mint_code(runtime.settings, tenant, policy_id, "admin", purpose)


async def _two_policies(runtime: Runtime) -> tuple[m.Policy, m.Policy]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Policy).order_by(m.Policy.end_date).limit(2)
            first, second = (await session.execute(stmt)).scalars()
    return first, second


async def _extension_quotes(runtime: Runtime, policy_id: str) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quotes = (await session.execute(select(m.Quote))).scalars()
            return sum((q.quote or {}).get("extensionOf") == policy_id for q in quotes)


async def _stored(runtime: Runtime, policy_id: str) -> m.Policy:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            policy = await session.get(m.Policy, policy_id)
    assert policy is not None
    return policy


def _wrong_codes(runtime: Runtime, policy: m.Policy, other: m.Policy) -> dict[str, str]:
    good = _code(runtime, policy.id)
    return {
        "another policy's": _code(runtime, other.id),
        "a quote link's": _code(runtime, policy.id, "preventivo"),
        "tampered": good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB"),
        "not a code": "non-un-codice",
    }


@pytest.mark.parametrize("which", ["another policy's", "a quote link's", "tampered", "not a code"])
async def test_an_extension_with_a_code_that_does_not_open_the_policy_is_refused(
    clients: ClientFactory, seeded: Runtime, which: str
) -> None:
    policy, other = await _two_policies(seeded)
    code = _wrong_codes(seeded, policy, other)[which]
    async with clients(TENANT) as client:
        answer = await client.post(
            f"/api/public/policies/{policy.id}/{code}/extension", json=EXTENSION
        )
    assert answer.status_code == 403, answer.text
    assert error_message(answer) == "Link non valido"
    assert await _extension_quotes(seeded, policy.id) == 0
    assert (await _stored(seeded, policy.id)).quote.get("extensions") is None


@pytest.mark.parametrize("which", ["another policy's", "a quote link's", "tampered", "not a code"])
async def test_a_purchase_with_a_code_that_does_not_open_the_policy_is_refused(
    clients: ClientFactory, seeded: Runtime, which: str
) -> None:
    policy, other = await _two_policies(seeded)
    code = _wrong_codes(seeded, policy, other)[which]
    async with clients(TENANT) as client:
        answer = await client.post(
            f"/api/public/policies/{policy.id}/{code}/purchase", json=PURCHASE
        )
    assert answer.status_code == 403, answer.text
    assert error_message(answer) == "Link non valido"
    assert (await _stored(seeded, policy.id)).purchase == {}


async def test_the_right_code_still_opens_both_posts(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, _ = await _two_policies(seeded)
    code = _code(seeded, policy.id)
    async with clients(TENANT) as client:
        extension = await client.post(
            f"/api/public/policies/{policy.id}/{code}/extension", json=EXTENSION
        )
        purchase = await client.post(
            f"/api/public/policies/{policy.id}/{code}/purchase", json=PURCHASE
        )
    assert (extension.status_code, purchase.status_code) == (200, 200), extension.text
    assert await _extension_quotes(seeded, policy.id) == 1
    assert (await _stored(seeded, policy.id)).purchase["method"] == "agenzia"


def _limited(settings: Settings) -> RateLimits:
    rules = settings.rate_limits.model_copy(update={"public_link_per_address": "3/minute"})
    return RateLimits(rules, f"t-{secrets.token_hex(4)}")


@pytest.mark.parametrize(
    ("method", "tail", "body"),
    [("get", "", None), ("post", "/purchase", PURCHASE), ("post", "/extension", EXTENSION)],
)
async def test_every_policy_link_request_is_counted_per_address(
    clients: ClientFactory, seeded: Runtime, settings: Settings, method: str, tail: str,
    body: Any,
) -> None:  # fmt: skip
    """Three a minute here: the fourth is 429 with Retry-After, whether the code is right or
    not (guessing codes costs the same as using one)."""
    seeded.rate_limits = _limited(settings)
    policy, _ = await _two_policies(seeded)
    url = f"/api/public/policies/{policy.id}/non-un-codice{tail}"
    async with clients(TENANT) as client:
        send = getattr(client, method)
        answers = [await (send(url, json=body) if body else send(url)) for _ in range(4)]
    assert [a.status_code for a in answers] == [403, 403, 403, 429]
    assert error_message(answers[3]).startswith("Troppe richieste: riprova tra ")
    assert int(answers[3].headers["retry-after"]) >= 1
