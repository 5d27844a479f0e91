"""A claim's documents: the customer's photos through the claim link, the staff's uploads
(agents included) through ``/uploadDocs``, who reads them, who deletes them, and the bounds
that refuse the rest with nothing stored."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta
from typing import Any

import pytest
from PIL import Image
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.claims.links import MAX_PHOTOS_BY_LINK, PURPOSE
from core.domain.documents.files import storage_of
from core.domain.quotes.links import mint_code
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, token_for
from tests.images import flat_png

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
PDF = b"%PDF-1.4\n%demo\n"


def _jpeg(size: tuple[int, int] = (640, 480)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (20, 90, 160)).save(out, "JPEG")
    return out.getvalue()


async def _opened_claim(clients: ClientFactory, runtime: Runtime) -> tuple[m.Policy, str]:
    """A claim the agent opened on one of its policies: (the policy, the claim's id)."""
    today = today_in_rome()
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = select(m.User.id).where(m.User.email == "agente@demo.it").scalar_subquery()
            stmt = select(m.Policy).where(
                m.Policy.agent_id == agent, m.Policy.start_date <= today - timedelta(days=10)
            )
            policy = (await session.execute(stmt.order_by(m.Policy.id))).scalars().first()
    assert policy is not None
    body = {"policyId": policy.id, "eventDate": (today - timedelta(days=1)).isoformat(),
            "description": "Vetro rotto"}  # fmt: skip
    async with clients(TENANT) as client:
        headers = await headers_for(runtime, TENANT, "agente")
        opened = await client.post("/api/sinistri", json=body, headers=headers)
    assert opened.status_code == 201, opened.text
    return policy, opened.json()["_id"]


def _code(runtime: Runtime, policy_id: str) -> str:
    return mint_code(runtime.settings, runtime.tenants.get(TENANT), policy_id, "x", PURPOSE)  # type: ignore[arg-type]


def _photos_path(runtime: Runtime, policy_id: str, claim_id: str) -> str:
    return f"/api/public/claims/{policy_id}/{_code(runtime, policy_id)}/{claim_id}/photos"


async def _reported_claim(clients: ClientFactory, runtime: Runtime) -> tuple[m.Policy, str]:
    """A claim the customer reported through the link on a policy of the agent's."""
    policy, _agents = await _opened_claim(clients, runtime)
    day = (today_in_rome() - timedelta(days=1)).isoformat()
    async with clients(TENANT) as client:
        reported = await client.post(
            f"/api/public/claims/{policy.id}/{_code(runtime, policy.id)}",
            json={"eventDate": day, "description": "Specchietto rotto"},
        )
    assert reported.status_code == 201, reported.text
    return policy, reported.json()["_id"]


async def _send(clients: ClientFactory, path: str, files: dict[str, Any]) -> Any:
    async with clients(TENANT) as client:
        return await client.post(path, files=files)


async def _documents(runtime: Runtime) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Document.id)))).scalar_one())


async def _claim(runtime: Runtime, claim_id: str) -> m.Claim:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return await session.get_one(m.Claim, claim_id)


async def test_the_customer_sends_photos_that_the_agent_reads(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    path = _photos_path(seeded, policy.id, claim_id)
    files = {
        "file.0": ("fanale.jpg", _jpeg(), "image/jpeg"),
        "file.1": ("targa.png", flat_png(300, 200), "image/png"),
    }
    sent = await _send(clients, path, files)
    assert sent.status_code == 201, sent.text
    first, second = sent.json()
    assert (first["name"], second["name"]) == ("fanale.jpg", "targa.png")
    assert first["thumb"]
    claim = await _claim(seeded, claim_id)
    assert claim.allegati["foto"]["files"] == [first["_id"], second["_id"]]
    async with clients(TENANT) as client:
        agent = await headers_for(seeded, TENANT, "agente")
        assert (await client.get(first["uri"], headers=agent)).status_code == 200
        sub = await headers_for(seeded, TENANT, "subagente")
        assert (await client.get(first["uri"], headers=sub)).status_code == 404
        assert (await client.get(first["uri"])).status_code in (401, 404)


@pytest.mark.parametrize(
    ("files", "status", "message"),
    [
        ({}, 400, "Nessuna foto ricevuta"),
        ({"file.0": ("doc.pdf", PDF, "application/pdf")}, 400, "JPEG, PNG o WebP"),
        ({"file.0": ("finto.jpg", b"GIF89a" + b"\0" * 64, "image/jpeg")}, 400, "JPEG, PNG o WebP"),
        ({"file.0": ("enorme.png", flat_png(12_000, 12_000), "image/png")}, 400,
         "milioni di pixel"),
        ({"file.0": ("tagliata.png", flat_png(64, 64)[:-30], "image/png")}, 400,
         "JPEG, PNG o WebP"),
        ({f"file.{n}": (f"f{n}.jpg", _jpeg((8, 8)), "image/jpeg") for n in range(6)}, 400,
         "al massimo 5 foto"),
    ],
)  # fmt: skip
async def test_what_is_not_a_bounded_photo_is_refused_storing_nothing(
    clients: ClientFactory, seeded: Runtime, files: dict[str, Any], status: int, message: str
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    before = await _documents(seeded), set(storage_of(seeded.settings).files(TENANT))
    response = await _send(clients, _photos_path(seeded, policy.id, claim_id), files)
    assert response.status_code == status, response.text
    assert message in response.json()["error"]["message"]
    after = await _documents(seeded), set(storage_of(seeded.settings).files(TENANT))
    assert after == before


async def test_a_link_sends_at_most_ten_photos_a_claim(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    path = _photos_path(seeded, policy.id, claim_id)
    five = {f"file.{n}": (f"f{n}.jpg", _jpeg((16, 16)), "image/jpeg") for n in range(5)}
    for _ in range(MAX_PHOTOS_BY_LINK // 5):
        assert (await _send(clients, path, five)).status_code == 201
    refused = await _send(clients, path, {"file.0": ("altra.jpg", _jpeg(), "image/jpeg")})
    assert refused.status_code == 400
    assert "numero massimo di foto" in refused.json()["error"]["message"]
    assert len((await _claim(seeded, claim_id)).allegati["foto"]["files"]) == MAX_PHOTOS_BY_LINK


async def test_another_policys_claim_or_a_wrong_code_takes_no_photo(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    before = await _documents(seeded)
    photo = {"file.0": ("f.jpg", _jpeg(), "image/jpeg")}
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = select(m.Policy.id).where(m.Policy.id != policy.id)
            other_policy = (await session.execute(stmt)).scalars().first()
    assert other_policy is not None
    refused = await _send(clients, _photos_path(seeded, other_policy, claim_id), photo)
    assert refused.status_code == 404
    assert refused.json()["error"]["message"] == "Sinistro non trovato"
    wrong = await _send(clients, f"/api/public/claims/{policy.id}/nope/{claim_id}/photos", photo)
    assert wrong.status_code == 404
    assert await _documents(seeded) == before


async def test_the_agent_uploads_the_accident_form_the_sub_agent_cannot(
    clients: ClientFactory, seeded: Runtime
) -> None:
    _policy, claim_id = await _opened_claim(clients, seeded)
    before = await _documents(seeded)
    token = await token_for(seeded, TENANT, "agente@demo.it")
    async with clients(TENANT) as client:
        uploaded = await client.post(
            "/uploadDocs", headers={"token": token},
            data={"sinistroId": claim_id, "idToUpload": "constatazione"},
            files={"file.0": ("cai.pdf", PDF, "application/pdf")},
        )  # fmt: skip
        assert uploaded.status_code == 200, uploaded.text
        [document] = uploaded.json()
        sub_token = await token_for(seeded, TENANT, "subagente@demo.it")
        refused = await client.post(
            "/uploadDocs", headers={"token": sub_token},
            data={"sinistroId": claim_id, "idToUpload": "constatazione"},
            files={"file.0": ("cai.pdf", PDF, "application/pdf")},
        )  # fmt: skip
        assert refused.status_code == 404
        assert refused.json()["error"]["message"] == "Sinistro non trovato"
    claim = await _claim(seeded, claim_id)
    assert claim.allegati["constatazione"]["files"] == [document["_id"]]
    assert await _documents(seeded) == before + 1


async def test_parallel_links_stay_within_ten_photos(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    path = _photos_path(seeded, policy.id, claim_id)
    five = {f"file.{n}": (f"f{n}.jpg", _jpeg((16, 16)), "image/jpeg") for n in range(5)}
    answers = await asyncio.gather(*(_send(clients, path, five) for _ in range(4)))
    assert sorted(a.status_code for a in answers) == [201, 201, 400, 400]
    assert len((await _claim(seeded, claim_id)).allegati["foto"]["files"]) == MAX_PHOTOS_BY_LINK


async def test_a_photo_is_stored_as_the_image_it_is(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, claim_id = await _reported_claim(clients, seeded)
    path = _photos_path(seeded, policy.id, claim_id)
    sent = await _send(clients, path, {"file.0": ("pagina.html", flat_png(40, 30), "text/html")})
    assert sent.status_code == 201, sent.text
    [photo] = sent.json()
    assert (photo["name"], photo["fileType"]) == ("pagina.png", "image/png")


async def test_photos_go_only_to_open_claims_reported_through_the_link(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy, agents = await _opened_claim(clients, seeded)
    photo = {"file.0": ("f.jpg", _jpeg(), "image/jpeg")}
    refused = await _send(clients, _photos_path(seeded, policy.id, agents), photo)
    assert refused.status_code == 404
    _policy, reported = await _reported_claim(clients, seeded)
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")
        closed = await client.patch(f"/api/sinistri/{reported}", json={"status": "respinto"},
                                    headers=admin)  # fmt: skip
    assert closed.status_code == 200
    late = await _send(clients, _photos_path(seeded, policy.id, reported), photo)
    assert late.status_code == 400
    assert "Il sinistro è chiuso" in late.json()["error"]["message"]
