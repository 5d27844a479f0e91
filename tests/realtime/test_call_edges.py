"""The edges of socket calls: bad input answered on its call id in HTTP's words, strict types in
payloads, a bound on push subscriptions per user, and the OTP request shown to admins only."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.otp.ask import request_otp
from core.testing import CallFailed, Live, user_ids

TENANT = "assicurapp"

# --- bad input: answered on its call id, as HTTP answers it ---------------------------------

NUL = "Richiesta non valida: il testo contiene un carattere nullo"
SURROGATE = "Richiesta non valida: il testo contiene un carattere Unicode non valido"
OUT_OF_RANGE = "Richiesta non valida: numero fuori dall'intervallo ammesso"
BAD_VALUES = [('"a\\u0000@demo.it"', NUL), ('"\\udc00"', SURROGATE), ("1e309", OUT_OF_RANGE)]


@pytest.mark.parametrize(("value", "message"), BAD_VALUES, ids=["nul", "surrogate", "1e309"])
async def test_a_call_with_bad_input_is_answered_on_its_id_as_http_answers(
    live: Live, value: str, message: str
) -> None:
    client = await live.client(TENANT)
    await client.handshake()
    body = f'{{"email": {value}, "password": "demo1234"}}'
    await client.send_raw(f'{{"event": "login", "data": {body}, "cid": 900}}')
    answer = await client.next_event()
    assert answer == {"rid": 900, "error": {"name": "BadRequest", "message": message}}

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        response = await http.post(
            "/api/auth/login",
            content=body.encode(),
            headers={"host": "assicurapp.localhost", "content-type": "application/json"},
        )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == message
    assert (await client.invoke("#subscribe", {"channel": "settings"})) is None  # still served


async def test_every_call_of_a_bad_frame_is_answered(live: Live) -> None:
    client = await live.client(TENANT)
    await client.handshake()
    await client.send_raw(
        '[{"event": "login", "data": {"email": "\\udc00"}, "cid": 901},'
        ' {"event": "logTime", "data": 1, "cid": "due"}]'
    )
    answers = [await client.next_event(), await client.next_event()]
    assert [(a["rid"], a["error"]["message"]) for a in answers] == [
        (901, SURROGATE), ("due", SURROGATE)
    ]  # fmt: skip


# --- strict types ------------------------------------------------------------------------------


async def _a_policy_of_two_instalments(live: Live) -> str:
    agent_id = (await user_ids(live.runtime, TENANT))["agente"]
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            policy = m.Policy(
                agent_id=agent_id, company="Allianz", number="EDGE-1", frequency="SEM",
                instalments=[m.Instalment(number=1), m.Instalment(number=2)],
            )  # fmt: skip
            session.add(policy)
            await session.commit()
            return policy.id


async def _suspended(live: Live, policy_id: str) -> list[int]:
    """The numbers of the policy's suspended instalments."""
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Instalment).where(m.Instalment.policy_id == policy_id)
            rows = (await session.execute(stmt)).scalars()
            return sorted(r.number for r in rows if (r.info or {}).get("SOSP"))


@pytest.mark.parametrize(
    ("n", "problem"),
    [(True, "Deve essere un numero intero"), ("1", "Deve essere un numero intero"),
     (1.0, "Deve essere un numero intero"), ([1], "Deve essere un numero intero")],
    ids=["bool-as-int", "string-as-int", "float-as-int", "list-as-int"],
)  # fmt: skip
async def test_a_payload_of_the_wrong_type_acts_on_nothing(
    live: Live, n: Any, problem: str
) -> None:
    policy_id = await _a_policy_of_two_instalments(live)
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match=rf"^Dati non validi: {problem} \(n\)$"):
        await admin.invoke("aggiornaRata", {"policyId": policy_id, "n": n, "action": "sospendi"})
    assert await _suspended(live, policy_id) == []
    await admin.invoke("aggiornaRata", {"policyId": policy_id, "n": 1, "action": "sospendi"})
    assert await _suspended(live, policy_id) == [1]  # the number itself works


@pytest.mark.parametrize(
    ("call", "payload"),
    [("richiediEmissione", {"pId": "x", "quote": "100"}),  # a text for an amount
     ("richiediEmissione", {"pId": "x", "undo": 1}),  # a number for a boolean
     ("richiediEmissione", {"pId": 5}),  # a number for a text
     ("saveData", {"coll": "preventivi", "_id": "x", "upd": {"$set": {"archived": "true"}}}),
     ("getDbData", {"wm": "1700000000000"})],
    ids=["text-as-amount", "number-as-boolean", "number-as-text", "text-as-boolean",
         "text-as-watermark"],
)  # fmt: skip
async def test_calls_take_no_value_of_another_type(
    live: Live, call: str, payload: dict[str, Any]
) -> None:
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match=r"^(Dati non validi|Richiesta non valida)") as refused:
        await agent.invoke(call, payload)
    assert refused.value.name in ("BadRequest", "ClientError")


async def test_the_session_flag_keep_takes_0_and_1_as_the_spec_writes_it(live: Live) -> None:
    client = await live.client(TENANT)
    await client.handshake()
    for keep in (0, 1, True):
        answer = await client.invoke(
            "login", {"email": "agente@demo.it", "password": "demo1234", "keep": keep}
        )
        assert answer["token"]
    with pytest.raises(CallFailed, match=r"^Dati non validi"):
        await client.invoke("login", {"email": "agente@demo.it", "password": "x", "keep": "1"})


# --- push subscriptions: a bound per user, the oldest replaced ------------------------------


def _subscription(n: int) -> dict[str, Any]:
    return {
        "endpoint": f"https://fcm.googleapis.com/fcm/send/browser-{n:03d}",
        "keys": {"p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA", "auth": "dGVzdC1hdXRo"},
    }


async def _endpoints(live: Live, user_id: str) -> list[str]:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.WebPushSubscription.endpoint).where(
                m.WebPushSubscription.user_id == user_id
            )
            return sorted((await session.execute(stmt)).scalars())


async def test_a_users_push_subscriptions_are_bounded_and_the_oldest_goes(live: Live) -> None:
    bound = live.runtime.settings.push.subscriptions_per_user
    assert bound == 10
    agent = await live.logged_in(TENANT, "agente")
    assert agent.user_id is not None
    for n in range(bound):
        await agent.invoke("registerWebPush", _subscription(n))
    await agent.invoke("registerWebPush", _subscription(0))  # browser 0 renews: newest now
    await agent.invoke("registerWebPush", _subscription(bound))  # one more: browser 1 goes
    kept = await _endpoints(live, agent.user_id)
    assert len(kept) == bound
    assert _subscription(1)["endpoint"] not in kept
    assert {_subscription(0)["endpoint"], _subscription(bound)["endpoint"]} <= set(kept)

    await asyncio.gather(  # a crowd of registrations at once cannot pass the bound either
        *(agent.invoke("registerWebPush", _subscription(100 + n)) for n in range(30))
    )
    assert len(await _endpoints(live, agent.user_id)) == bound
    colleague = await live.logged_in(TENANT, "subagente")
    await colleague.invoke("registerWebPush", _subscription(999))  # another user's are theirs
    assert len(await _endpoints(live, agent.user_id)) == bound
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            total = await session.scalar(select(func.count()).select_from(m.WebPushSubscription))
    assert total == bound + 1


# --- the OTP request: admins only --------------------------------------------------------------


async def test_only_admins_see_which_company_a_code_was_asked_for(live: Live) -> None:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            await request_otp(session, "Allianz")
            await session.commit()
    admin = await live.logged_in(TENANT, "admin")
    assert (await admin.invoke("tokenLogin", {}))["settings"]["askOtp"]["company"] == "Allianz"
    for who in ("agente", "subagente", "responsabile", "dipendente", "segnalatore"):
        user = await live.logged_in(TENANT, who)
        settings = (await user.invoke("tokenLogin", {}))["settings"]
        assert "askOtp" not in settings, who
        assert "Allianz" not in str({k: v for k, v in settings.items() if k != "compagnie"})
