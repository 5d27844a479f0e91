"""The notice (versions, the public page's text per tenant), consents (the agent's and the
customer's through the quote link), the export and the processing log over HTTP, with the
role, tenant and bad-input refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import func, select, update

from core.context import tenant_scope
from core.db import models as m
from core.domain.privacy.notices import DEFAULT_TEXT, MAX_TEXT
from core.domain.quotes.links import mint_code
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.privacy.helpers import TENANT, make_giulia

pytestmark = pytest.mark.usefixtures("seeded")


async def _call(
    clients: ClientFactory, runtime: Runtime, who: str | None, method: str, path: str,
    body: Any = None, tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who) if who else {}
        if body is None:
            return await client.request(method, path, headers=headers)
        return await client.request(method, path, headers=headers, json=body)


async def _log(runtime: Runtime, tenant: str = TENANT) -> list[m.PrivacyLogEntry]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.PrivacyLogEntry).order_by(m.PrivacyLogEntry.at)
            return list((await session.execute(stmt)).scalars().all())


async def test_the_notice_is_versioned_and_public_per_tenant(
    clients: ClientFactory, seeded: Runtime
) -> None:
    first = await _call(clients, seeded, None, "GET", "/api/privacy/notice")
    assert first.status_code == 200
    assert (first.json()["version"], first.json()["text"]) == (0, DEFAULT_TEXT)
    one = await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": "Uno\r\n"})
    assert one.status_code == 201, one.text
    assert (one.json()["version"], one.json()["text"]) == (1, "Uno")
    two = await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": "Due"})
    assert two.json()["version"] == 2
    shown = (await _call(clients, seeded, None, "GET", "/api/privacy/notice")).json()
    assert (shown["version"], shown["text"]) == (2, "Due")
    versions = await _call(clients, seeded, "admin", "GET", "/api/privacy/notices")
    assert [(v["version"], v["text"]) for v in versions.json()] == [(2, "Due"), (1, "Uno")]
    other = await _call(clients, seeded, None, "GET", "/api/privacy/notice", tenant="rcadealer")
    assert other.json()["version"] == 0
    assert [e.details["version"] for e in await _log(seeded) if e.action == "informativa"] == [
        1, 2,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"text": ""}, 400), ({"text": "  \n "}, 400), ({"text": "x" * (MAX_TEXT + 1)}, 400),
        ({"text": 5}, 400), ({}, 400), ({"text": "ok", "extra": 1}, 400),
    ],
)  # fmt: skip
async def test_bad_notices_are_refused(
    clients: ClientFactory, seeded: Runtime, body: Any, status: int
) -> None:
    answer = await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", body)
    assert answer.status_code == status, answer.text
    assert (await _call(clients, seeded, None, "GET", "/api/privacy/notice")).json()["version"] == 0


async def test_the_same_text_twice_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": "Uno"})
    again = await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": "Uno"})
    assert again.status_code == 400
    assert again.json()["error"]["message"] == "Il testo è uguale alla versione in vigore"


@pytest.mark.parametrize("who", ["responsabile", "agente", "subagente", "dipendente"])
async def test_only_admins_edit_the_notice_and_read_the_log(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    saved = await _call(clients, seeded, who, "POST", "/api/privacy/notices", {"text": "Mio"})
    assert saved.status_code == 403
    assert (await _call(clients, seeded, who, "GET", "/api/privacy/notices")).status_code == 403
    assert (await _call(clients, seeded, who, "GET", "/api/privacy/log")).status_code == 403


async def test_the_agent_records_consents_and_a_revocation_is_a_new_entry(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    path = f"/api/privacy/clients/{g.client}/consents"
    await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": "V1"})
    given = await _call(
        clients, seeded, "agente", "POST", path, {"kind": "marketing", "given": True}
    )
    assert given.status_code == 200, given.text
    same = await _call(
        clients, seeded, "agente", "POST", path, {"kind": "marketing", "given": True}
    )
    revoked = await _call(
        clients, seeded, "agente", "POST", path, {"kind": "marketing", "given": False}
    )
    body = revoked.json()
    assert len(same.json()["history"]) == 1  # the same choice again adds nothing
    assert [(h["kind"], h["given"], h["channel"], h["noticeVersion"]) for h in body["history"]] == [
        ("marketing", False, "agente", 1), ("marketing", True, "agente", 1),
    ]  # fmt: skip
    assert body["current"]["marketing"]["given"] is False
    assert body["current"]["servizio"] is None
    consent_log = [e for e in await _log(seeded) if e.action == "consenso"]
    assert [(e.client_id, e.details["given"]) for e in consent_log] == [
        (g.client, True), (g.client, False),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "body",
    [{"kind": "newsletter", "given": True}, {"kind": "marketing", "given": "si"},
     {"kind": "marketing"}, {"kind": "marketing", "given": 1}, [], "x"],
)  # fmt: skip
async def test_bad_consents_are_refused(clients: ClientFactory, seeded: Runtime, body: Any) -> None:
    g = await make_giulia(seeded, policies=False)
    path = f"/api/privacy/clients/{g.client}/consents"
    answer = await _call(clients, seeded, "agente", "POST", path, body)
    assert answer.status_code == 400, answer.text
    assert (await _call(clients, seeded, "agente", "GET", path)).json()["history"] == []


@pytest.mark.parametrize(
    ("who", "tenant", "status"),
    [("admin", TENANT, 200), ("agente", TENANT, 200), ("subagente", TENANT, 404),
     ("responsabile", TENANT, 403), ("dipendente", TENANT, 403), ("segnalatore", TENANT, 403),
     ("admin", "rcadealer", 404)],
)  # fmt: skip
async def test_consents_and_export_follow_the_client_page_rule(
    clients: ClientFactory, seeded: Runtime, who: str, tenant: str, status: int
) -> None:
    g = await make_giulia(seeded)
    base = f"/api/privacy/clients/{g.client}"
    consents = await _call(clients, seeded, who, "GET", f"{base}/consents", tenant=tenant)
    assert consents.status_code == status
    export = await _call(clients, seeded, who, "GET", f"{base}/export", tenant=tenant)
    assert export.status_code == status
    exports = [e for e in await _log(seeded) if e.action == "esportazione"]
    assert len(exports) == (1 if status == 200 else 0)


async def test_the_export_is_a_json_file_of_everything_held(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    path = f"/api/privacy/clients/{g.client}/consents"
    await _call(clients, seeded, "agente", "POST", path, {"kind": "servizio", "given": True})
    answer = await _call(clients, seeded, "admin", "GET", f"/api/privacy/clients/{g.client}/export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="dati-cliente-{g.client}.json"'
    )
    data = json.loads(answer.content)
    assert data["client"]["email"] == "giulia@example.it"
    assert data["client"]["pec"] == "giulia@pec.it"
    assert {q["_id"] for q in data["quotes"]} == {g.quote_alone, g.quote_kept}
    assert {p["_id"] for p in data["policies"]} == {g.policy_kept, g.policy_old}
    assert {c["_id"] for c in data["claims"]} == {g.claim_kept, g.claim_old}
    assert [(c["kind"], c["given"]) for c in data["consents"]] == [("servizio", True)]
    assert {d["_id"] for d in data["documents"]} == {g.doc_policy, g.doc_quote}
    assert "uri" not in data["documents"][0]
    entry = next(e for e in await _log(seeded) if e.action == "esportazione")
    assert entry.client_id == g.client


async def _link(runtime: Runtime, quote_id: str) -> str:
    tenant = next(t for t in runtime.tenants if t.id == TENANT)
    return f"/api/public/quotes/{quote_id}/{mint_code(runtime.settings, tenant, quote_id, 'x')}"


async def test_the_customer_gives_consents_through_the_quote_link(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    link = await _link(seeded, g.quote_alone)
    shown = await _call(clients, seeded, None, "GET", f"{link}/consents")
    assert shown.status_code == 200, shown.text
    assert shown.json()["notice"]["version"] == 0
    assert shown.json()["consents"] == {"servizio": None, "marketing": None, "profilazione": None}
    choices = {"servizio": True, "marketing": True, "profilazione": False}
    given = await _call(clients, seeded, None, "POST", f"{link}/consents", choices)
    assert given.status_code == 200, given.text
    assert given.json()["consents"] == choices
    path = f"/api/privacy/clients/{g.client}/consents"
    history = (await _call(clients, seeded, "agente", "GET", path)).json()["history"]
    assert {(h["kind"], h["given"], h["channel"], h["quoteId"], h["by"]) for h in history} == {
        ("servizio", True, "link", g.quote_alone, None),
        ("marketing", True, "link", g.quote_alone, None),
        ("profilazione", False, "link", g.quote_alone, None),
    }
    assert [e.actor_id for e in await _log(seeded) if e.action == "consenso"] == [None] * 3


@pytest.mark.parametrize(
    "body",
    [{"servizio": False}, {"servizio": "true"}, {"servizio": True, "altro": True}, [], None],
)
async def test_bad_link_consents_are_refused(
    clients: ClientFactory, seeded: Runtime, body: Any
) -> None:
    g = await make_giulia(seeded, policies=False)
    link = await _link(seeded, g.quote_alone)
    async with clients(TENANT) as client:
        raw = b"{not json" if body is None else json.dumps(body).encode()
        answer = await client.post(f"{link}/consents", content=raw)
    assert answer.status_code == 400, answer.text
    assert [e for e in await _log(seeded) if e.action == "consenso"] == []


async def test_a_wrong_code_or_another_tenant_opens_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    link = await _link(seeded, g.quote_alone)
    body = {"servizio": True}
    tampered = f"/api/public/quotes/{g.quote_alone}/abc.def.ghi/consents"
    assert (await _call(clients, seeded, None, "POST", tampered, body)).status_code == 404
    other = await _call(clients, seeded, None, "POST", f"{link}/consents", body, tenant="rcadealer")
    assert other.status_code == 404
    big = await _call(clients, seeded, None, "POST", f"{link}/consents", {"x": "y" * 5000})
    assert big.status_code == 413


async def test_the_log_filters_and_pages(clients: ClientFactory, seeded: Runtime) -> None:
    g = await make_giulia(seeded)
    for text in ("Uno", "Due", "Tre"):
        await _call(clients, seeded, "admin", "POST", "/api/privacy/notices", {"text": text})
    await _call(clients, seeded, "admin", "GET", f"/api/privacy/clients/{g.client}/export")
    everything = (await _call(clients, seeded, "admin", "GET", "/api/privacy/log")).json()
    assert [e["action"] for e in everything] == ["esportazione"] + ["informativa"] * 3
    assert everything[0]["who"] == "Alessandra Amministratrice"
    first = (
        await _call(clients, seeded, "admin", "GET", "/api/privacy/log?action=informativa&limit=2")
    ).json()
    assert [e["details"]["version"] for e in first] == [3, 2]
    last = first[-1]
    query = (
        f"action=informativa&limit=2&before={last['at'].replace('+', '%2B')}&beforeId={last['_id']}"
    )
    rest = (await _call(clients, seeded, "admin", "GET", f"/api/privacy/log?{query}")).json()
    assert [e["details"]["version"] for e in rest] == [1]
    mine = (
        await _call(clients, seeded, "admin", "GET", f"/api/privacy/log?client={g.client}")
    ).json()
    assert [e["action"] for e in mine] == ["esportazione"]
    for bad in ("action=altro", "limit=0", "limit=1000", "before=ieri", "before=2026-01-01T00:00"):
        answer = await _call(clients, seeded, "admin", "GET", f"/api/privacy/log?{bad}")
        assert answer.status_code == 400, bad
    other = await _call(clients, seeded, "admin", "GET", "/api/privacy/log", tenant="rcadealer")
    assert other.json() == []


async def test_the_log_is_append_only_on_postgresql(seeded: Runtime, is_postgres: bool) -> None:
    if not is_postgres:
        pytest.skip("row-level security is a PostgreSQL feature")
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            session.add(m.PrivacyLogEntry(action="informativa", actor_id=None, details={}))
            await session.commit()
        async with seeded.db.session() as session:
            changed = await session.execute(update(m.PrivacyLogEntry).values(action="esportazione"))
            assert changed.rowcount == 0  # type: ignore[attr-defined]
            await session.commit()
        async with seeded.db.session() as session:
            count = await session.execute(
                select(func.count()).where(m.PrivacyLogEntry.action == "informativa")
            )
            assert count.scalar_one() == 1
