"""Handshake, login over the socket, token checks bound to the tenant, tokenLogin, logout."""

from __future__ import annotations

import asyncio

import pytest

from core.testing import CallFailed, Live


async def test_handshake_without_a_token(live: Live) -> None:
    client = await live.client()
    answer = await client.handshake()
    assert answer["isAuthenticated"] is False
    assert answer["pingTimeout"] == 1500
    assert answer["id"]


async def test_login_sets_the_token_and_a_later_handshake_uses_it(live: Live) -> None:
    client = await live.client("rcadealer")
    await client.handshake()
    answer = await client.login("agente@demo.it")
    assert answer["u"]["email"] == "agente@demo.it"
    token = (await client.next_event("#setAuthToken"))["data"]["token"]
    assert token == answer["token"]

    again = await live.client("rcadealer")
    assert (await again.handshake(token))["isAuthenticated"] is True


async def test_a_token_of_another_tenant_is_refused(live: Live) -> None:
    client = await live.logged_in("rcadealer", "admin")
    token = (await client.next_event("#setAuthToken"))["data"]["token"]
    elsewhere = await live.client("assicurapp")
    answer = await elsewhere.handshake(token)
    assert answer["isAuthenticated"] is False
    assert answer["authError"]["name"] == "AuthTokenInvalidError"
    assert answer["authError"]["message"].lower().startswith("no")
    assert (await elsewhere.next_event("#removeAuthToken"))["event"] == "#removeAuthToken"


async def test_wrong_password_is_an_italian_error(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    with pytest.raises(CallFailed) as failed:
        await client.login("agente@demo.it", "sbagliata")
    assert failed.value.message == "Nome utente o password errati"


async def test_token_login_answers_the_session_data(live: Live) -> None:
    client = await live.logged_in("assicurapp", "agente")
    data = await client.invoke("tokenLogin", {"t": None, "productsHash": None})
    assert set(data) == {
        "BUILD", "u", "products", "utenti", "settings", "port", "menu", "lines", "streams",
    }  # fmt: skip
    # the side menu the server computes for the agent, and the lines they may open
    assert [entry["key"] for entry in data["menu"]] == [
        "home", "preventivi", "polizze", "insolute", "sinistri", "chat", "report",
        "saldo-collaboratore", "rui", "importa", "clienti", "nuova-quotazione",
        "area-documentale", "noleggio-auto", "prestiti",
    ]  # fmt: skip
    assert data["lines"] == ["noleggio-auto", "prestiti"]
    # the streams the shell syncs and follows: core's and the lines' the agent may read
    assert set(data["streams"]) >= {"chat", "polizze", "preventivi", "usr"}
    assert data["settings"]["APP_NAME"] == "assicurapp"
    assert {p["_id"] for p in data["settings"]["extraProducts"]} == {"noleggio-auto", "prestiti"}
    assert {u["email"] for u in data["utenti"].values()} == {"agente@demo.it", "subagente@demo.it"}
    same = await client.invoke("tokenLogin", {"productsHash": data["settings"]["productsHash"]})
    assert "products" not in same


async def test_token_login_without_a_token_says_nothing(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    with pytest.raises(CallFailed) as failed:
        await client.invoke("tokenLogin", {"t": None})
    assert failed.value.message == ""  # SPEC §8: data is simply marked as loaded


async def test_logout_removes_the_token_and_the_subscriptions(live: Live) -> None:
    client = await live.logged_in("assicurapp", "agente")
    await client.subscribe("preventivi")
    await client.invoke("logout")
    assert (await client.next_event("#removeAuthToken"))["event"] == "#removeAuthToken"
    with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale preventivi$"):
        await client.subscribe("preventivi")


async def test_an_expired_token_is_reported_as_expired(live: Live) -> None:
    from datetime import timedelta

    from core.auth import tokens

    expired = tokens.mint(
        live.runtime.settings.signing_key(), tenant_id="assicurapp", subject="someone",
        kind=tokens.ACCESS, ttl=timedelta(seconds=-5),
    )  # fmt: skip
    client = await live.client()
    answer = await client.handshake(expired)
    assert answer["isAuthenticated"] is False
    assert answer["authError"] == {"name": "AuthTokenExpiredError", "message": tokens.EXPIRED}


async def test_a_suspended_user_is_closed_with_4501_on_the_spot(live: Live) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import select

    from core.context import tenant_scope
    from core.db import models as m

    agent = await live.logged_in("assicurapp", "agente")
    bystander = await live.logged_in("assicurapp", "subagente")
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            user = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
            user.suspended_at = datetime.now(UTC)

    await asyncio.wait_for(agent.closed.wait(), 3)
    assert agent.close_code == 4501
    assert not bystander.closed.is_set()
