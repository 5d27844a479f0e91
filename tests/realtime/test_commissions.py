"""The money calls over the socket, twins of their routes: the same answers for the same
user, the same refusals with the same messages, and a hand-posted entry posted once."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from core.testing import CallFailed, Live, headers_for, heard_before_sentinel

TENANT = "assicurapp"
WIDE = {"from": "2020-01-01", "to": "2029-12-31"}


async def _ids(live: Live) -> dict[str, str]:
    admin = await live.logged_in(TENANT, "admin")
    users = (await admin.invoke("tokenLogin", {}))["utenti"]
    return {u["email"].split("@")[0]: u["_id"] for u in users.values()}


async def test_the_socket_report_is_the_http_one(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    over_socket = await agent.invoke("reportProvvigioni", WIDE)
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, TENANT, "agente"), "Host": host}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        answer = await http.get("/api/report?from=2020-01-01&to=2029-12-31", headers=headers)
    over_http = answer.json()
    assert over_socket == over_http
    assert "platform" not in over_socket["totals"]


async def test_a_hand_posted_entry_is_posted_once(live: Live) -> None:
    ids = await _ids(live)
    admin = await live.logged_in(TENANT, "admin")
    body = {"userId": ids["agente"], "kind": "anticipo", "amount": 50, "reason": "Anticipo",
            "requestId": "sock-advance-01"}  # fmt: skip
    first = await admin.invoke("registraMovimento", body)
    second = await admin.invoke("registraMovimento", body)
    assert first["_id"] == second["_id"]
    assert first["amount"] == -50
    ledger = await admin.invoke("saldoCollaboratore", {"userId": ids["agente"]})
    assert [e["_id"] for e in ledger["entries"]].count(first["_id"]) == 1


@pytest.mark.parametrize(
    ("who", "call", "body", "text"),
    [
        ("subagente", "saldoCollaboratore", {"userId": "agente"}, "solo il tuo saldo"),
        ("agente", "registraMovimento",
         {"userId": "agente", "kind": "rettifica", "amount": 5, "reason": "Mia",
          "requestId": "sock-self-0001"}, "Solo gli amministratori"),
        ("admin", "registraMovimento",
         {"userId": "agente", "kind": "pagamento", "amount": 0, "reason": "Zero",
          "requestId": "sock-zero-0001"}, "Importo non valido"),
        ("dipendente", "reportProvvigioni", {}, "non è disponibile per i dipendenti"),
        ("subagente", "provvigioniAgente", {"agentId": "agente"}, "tue e della tua rete"),
        ("responsabile", "cassa", {}, "Solo gli amministratori"),
        ("agente", "chiudiCassa", {"day": "2026-01-01"}, "Solo gli amministratori"),
        ("admin", "chiudiCassa", {"day": "2099-12-31"}, "giornata futura"),
        ("admin", "reportProvvigioni", {"from": "2026-05-01", "to": "2026-04-01"}, "intervallo"),
        ("agente", "saldiCollaboratori", {}, "Solo gli amministratori"),
        ("agente", "profiloFiscale", {"userId": "subagente"}, "solo il tuo profilo fiscale"),
        ("agente", "salvaProfiloFiscale",
         {"userId": "agente", "base": "20", "taxCode": "RSSMRA80A01H501U"},
         "Solo gli amministratori"),
        ("admin", "salvaProfiloFiscale",
         {"userId": "agente", "base": "20", "iban": "IT00X0542811101000000123456",
          "taxCode": "RSSMRA80A01H501U"}, "IBAN non valido"),
    ],
)  # fmt: skip
async def test_refusals_match_the_routes(
    live: Live, who: str, call: str, body: dict[str, Any], text: str
) -> None:
    ids = await _ids(live)
    client = await live.logged_in(TENANT, who)
    payload = {k: ids.get(v, v) if k in ("userId", "agentId") else v for k, v in body.items()}
    with pytest.raises(CallFailed) as refused:
        await client.invoke(call, payload)
    assert text in str(refused.value.message)


async def test_a_ledger_entry_reaches_its_owner_and_admins_only(live: Live) -> None:
    ids = await _ids(live)
    owner = await live.logged_in(TENANT, "agente")
    referrer = await live.logged_in(TENANT, "segnalatore")
    admin = await live.logged_in(TENANT, "admin")
    for client in (owner, referrer, admin):
        await client.subscribe("saldo")
    for who in ("subagente", "dipendente", "responsabile"):
        refused = await live.logged_in(TENANT, who)
        with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale saldo$"):
            await refused.subscribe("saldo")
    body = {"userId": ids["agente"], "kind": "rettifica", "amount": 12.5,
            "reason": "Conguaglio", "requestId": "sock-live-0001"}  # fmt: skip
    posted = await admin.invoke("registraMovimento", body)
    for client in (owner, admin):
        event = await client.published("saldo")
        assert event["operationType"] == "insert"
        assert event["b"]["_id"] == posted["_id"]
        assert event["b"]["amount"] == 12.5
    assert await heard_before_sentinel(live, [referrer], TENANT) == [{}]


async def test_the_socket_profile_and_overview_are_the_http_ones(live: Live) -> None:
    ids = await _ids(live)
    admin = await live.logged_in(TENANT, "admin")
    body = {"userId": ids["agente"], "base": "20", "taxCode": "RSSMRA80A01H501U"}
    saved = await admin.invoke("salvaProfiloFiscale", body)
    assert saved["description"] == "Ritenuta d'acconto 23 % sul 20 % delle provvigioni"
    agent = await live.logged_in(TENANT, "agente")
    assert await agent.invoke("profiloFiscale", {"userId": ids["agente"]}) == saved
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, TENANT, "admin"), "Host": host}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        answer = await http.get("/api/saldo", headers=headers)
    assert await admin.invoke("saldiCollaboratori", {}) == answer.json()
