"""The server driven by the real socketcluster-client 20 (Node), with the browser's options.

Log in, subscribe, receive another user's change, be refused what the role may not have,
keep a token on its own tenant, reconnect after a server restart and resync, log out.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import msgspec
import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.runtime import Runtime
from core.settings import Settings
from core.testing import Live, Served, fast_app, update_quote, user_ids
from tests.realtime.expected import expected_collections
from tests.realtime.sc_node import NodeCallFailed, NodeSocket, unavailable

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=unavailable() or "")

STREAMS: dict[str, list[str]] = {"preventivi": [], "polizze": [], "usr": []}
OpenSocket = Callable[[int, str], Awaitable[NodeSocket]]


@pytest.fixture
async def node() -> AsyncIterator[OpenSocket]:
    """``await node(port, "rcadealer.localhost")`` → a Node client socket, not yet connected."""
    opened: list[NodeSocket] = []

    async def open_socket(port: int, hostname: str) -> NodeSocket:
        socket = await NodeSocket.start(port, hostname)
        opened.append(socket)
        return socket

    yield open_socket
    for socket in opened:
        await socket.close()


def domain(runtime: Runtime, tenant: str) -> str:
    found = runtime.tenants.get(tenant)
    assert found is not None
    return found.domains[0]


async def connected_as(node: OpenSocket, live: Live, tenant: str, who: str) -> NodeSocket:
    socket = await node(live.port, domain(live.runtime, tenant))
    await socket.connect()
    await socket.login(who)
    return socket


# --- the database side, for expectations and for changes made behind the server's back ----


async def quotes_of(runtime: Runtime, tenant: str, agent_id: str) -> list[str]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(m.Quote.id).where(m.Quote.agent_id == agent_id).order_by(m.Quote.at)
            )
            return list(found.scalars())


async def delete_quote(runtime: Runtime, tenant: str, quote_id: str) -> None:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            await session.delete(quote)


async def collections_for(runtime: Runtime, tenant: str, email: str) -> dict[str, Any]:
    """What getDbData must give ``email`` (the visibility written out in
    :mod:`tests.realtime.expected`), in wire form."""
    held = await expected_collections(runtime, tenant, email.split("@")[0])
    wire: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(held))
    return wire


def other_status(held: dict[str, Any], quote_id: str) -> str:
    """A status an admin may set that the quote does not have yet."""
    return "Preventivato" if held[quote_id]["status"] != "Preventivato" else "Non approvato"


# --- 1. connect, log in, subscribe, initial data --------------------------------------------


async def test_connect_log_in_subscribe_and_load_the_data(node: OpenSocket, live: Live) -> None:
    agent = await node(live.port, domain(live.runtime, "assicurapp"))
    assert (await agent.connect())["isAuthenticated"] is False

    answer = await agent.login("agente")
    assert answer["u"]["email"] == "agente@demo.it"
    state = await agent.state()
    assert state["authState"] == "authenticated"
    assert state["storedToken"] == answer["token"]  # kept under authTokenName "t"

    await agent.subscribe("preventivi", wait_for_auth=True)
    synced = await agent.sync()
    assert synced["tot"] == 3
    assert synced["collections"] == ["polizze", "preventivi", "usr"]
    held = (await agent.state())["collections"]
    assert held == await collections_for(live.runtime, "assicurapp", "agente@demo.it")
    assert held["preventivi"]  # the demo portfolio is not empty


# --- 2. another user's change, and what a role may not have --------------------------------


async def test_a_change_reaches_the_agent_whose_tree_holds_it_and_no_one_else(
    node: OpenSocket, live: Live
) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    mine, theirs = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[:2]
    # Give one of agente's quotes to the responsabile: it leaves agente's tree.
    await update_quote(live.runtime, "assicurapp", theirs, agent_id=ids["responsabile"])
    admin = await connected_as(node, live, "assicurapp", "admin")
    agent = await connected_as(node, live, "assicurapp", "agente")
    for socket in (admin, agent):
        await socket.subscribe("preventivi", wait_for_auth=True)
    held = (await collections_for(live.runtime, "assicurapp", "admin@demo.it"))["preventivi"]

    since = agent.mark()
    status = other_status(held, mine)
    change = {"coll": "preventivi", "_id": mine, "upd": {"$set": {"status": status}}}
    assert await admin.invoke("saveData", change) == {"modifiedCount": 1}
    event = await agent.published("preventivi", since=since, item=mine)
    assert event["operationType"] == "update"
    assert event["p"]["_id"] == mine
    assert event["p"]["status"] == status

    since = agent.mark()
    outside = {"$set": {"status": other_status(held, theirs)}}
    await admin.invoke("saveData", {"coll": "preventivi", "_id": theirs, "upd": outside})
    assert (await admin.published("preventivi", item=theirs))["p"]["aId"] == ids["responsabile"]
    assert await agent.never_published("preventivi", since=since, item=theirs)


async def test_a_role_is_refused_the_channels_it_may_not_have(node: OpenSocket, live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    employee = await connected_as(node, live, "assicurapp", "dipendente")
    with pytest.raises(NodeCallFailed, match="Non puoi iscriverti al canale preventivi"):
        await employee.subscribe("preventivi")
    assert (await employee.expect("subscribeFail"))["channel"] == "preventivi"
    await employee.subscribe("usr")  # the one stream an employee has

    agent = await connected_as(node, live, "assicurapp", "agente")
    admin = await connected_as(node, live, "assicurapp", "admin")
    for socket, me, someone_else in ((agent, "agente", "admin"), (admin, "admin", "agente")):
        await socket.subscribe(f"priv/{ids[me]}")
        with pytest.raises(NodeCallFailed, match="Non puoi iscriverti"):
            await socket.subscribe(f"priv/{ids[someone_else]}")


# --- 3. a token belongs to its tenant -------------------------------------------------------


async def test_a_token_minted_on_one_tenant_is_unauthenticated_on_another(
    node: OpenSocket, live: Live
) -> None:
    dealer = await connected_as(node, live, "rcadealer", "admin")
    token = (await dealer.state())["storedToken"]
    assert token

    again = await node(live.port, domain(live.runtime, "rcadealer"))
    await again.request("storeToken", token=token)
    assert (await again.connect())["isAuthenticated"] is True  # good where it was minted

    elsewhere = await node(live.port, domain(live.runtime, "assicurapp"))
    await elsewhere.request("storeToken", token=token)
    assert (await elsewhere.connect())["isAuthenticated"] is False
    connected = await elsewhere.expect("connect")
    assert connected["authError"]["name"] == "AuthTokenInvalidError"
    await elsewhere.expect("removeAuthToken")
    state = await elsewhere.state()
    assert state["authState"] == "unauthenticated"
    assert state["storedToken"] is None  # the client dropped its "t"

    with pytest.raises(NodeCallFailed) as refused:
        await elsewhere.invoke("tokenLogin", {"t": token, "productsHash": None})
    assert refused.value.message.startswith("Non ")


# --- 4. a server restart: reconnect, re-authenticate, resync --------------------------------


@pytest.fixture
async def restartable(settings: Settings, runtime: Runtime) -> AsyncIterator[list[Served]]:
    """A live server (``[0]``) that a test may stop and start again on the same port."""
    served = [await Served.start(fast_app(settings, runtime))]
    yield served
    if not served[0].task.done():
        await served[0].stop()


async def test_after_a_server_restart_the_client_reconnects_and_resyncs(
    node: OpenSocket, restartable: list[Served], runtime: Runtime, settings: Settings
) -> None:
    port = restartable[0].port
    ids = await user_ids(runtime, "assicurapp")
    deleted, changed, moved = (await quotes_of(runtime, "assicurapp", ids["agente"]))[:3]
    agent = await node(port, domain(runtime, "assicurapp"))
    await agent.connect()
    await agent.login("agente")
    await agent.subscribe("preventivi", wait_for_auth=True)
    await agent.sync()
    before = (await agent.state())["collections"]["preventivi"]
    assert {deleted, changed, moved} <= set(before)

    since = agent.mark()
    await restartable[0].stop()
    dropped = await agent.expect("disconnect", since=since)
    assert 1000 < dropped["code"] < 4500  # a drop the client reconnects after (1012 here)
    # While the server is down: a quote changes, one is deleted, one leaves agente's tree.
    status = other_status(before, changed)
    await update_quote(runtime, "assicurapp", changed, status=status)
    await delete_quote(runtime, "assicurapp", deleted)
    await update_quote(runtime, "assicurapp", moved, agent_id=ids["responsabile"])

    restartable[0] = await Served.start(fast_app(settings, runtime), port=port)
    back = await agent.expect("connect", since=since, timeout=10)
    assert back["isAuthenticated"] is True  # with the token it stored
    resynced = await agent.expect("resynced", since=since, timeout=10)
    assert resynced["user"] == ids["agente"]
    held = (await agent.state())["collections"]
    assert held["preventivi"][changed]["status"] == status
    assert deleted not in held["preventivi"]
    assert moved not in held["preventivi"]
    assert held == await collections_for(runtime, "assicurapp", "agente@demo.it")

    # The subscriptions came back too: a change made now is heard live.
    since = agent.mark()
    status = other_status(held["preventivi"], changed)
    await update_quote(restartable[0].runtime, "assicurapp", changed, status=status)
    event = await agent.published("preventivi", since=since, item=changed)
    assert event["p"]["status"] == status


# --- 5. leaving: logout, suspension ---------------------------------------------------------


async def test_logout_removes_the_token(node: OpenSocket, live: Live) -> None:
    agent = await connected_as(node, live, "assicurapp", "agente")
    since = agent.mark()
    await agent.invoke("logout")
    await agent.expect("removeAuthToken", since=since)
    state = await agent.state()
    assert state["authState"] == "unauthenticated"
    assert state["storedToken"] is None
    with pytest.raises(NodeCallFailed, match="effettua l'accesso"):
        await agent.invoke("getDbData", STREAMS)


async def test_a_suspended_user_is_closed_for_good(node: OpenSocket, live: Live) -> None:
    agent = await connected_as(node, live, "assicurapp", "agente")
    await agent.subscribe("preventivi", wait_for_auth=True)
    ids = await user_ids(live.runtime, "assicurapp")
    since = agent.mark()
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            user = await session.get(m.User, ids["agente"])
            assert user is not None
            user.suspended_at, user.suspended_by = utcnow(), ids["admin"]

    closed = await agent.expect("disconnect", since=since, timeout=2)
    assert closed["code"] >= 4500
    with pytest.raises(TimeoutError):  # no auto-reconnect (max delay here: 1 s)
        await agent.expect("connecting", since=since, timeout=1.5)
    assert (await agent.state())["pendingReconnect"] is False
