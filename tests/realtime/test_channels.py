"""Subscriptions authorised per user and channel; changes delivered after commit, filtered."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import CallFailed, Live, event_sentinel, heard_before_sentinel, sentinel


async def _quote_of(runtime: Runtime, tenant: str, email: str) -> str:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == email))
            ).scalar_one()
            quote = (
                (
                    await session.execute(
                        select(m.Quote).where(m.Quote.agent_id == agent.id, m.Quote.type.is_(None))
                    )
                )
                .scalars()
                .first()
            )
            assert quote is not None
            return quote.id


async def _change_status(runtime: Runtime, tenant: str, quote_id: str) -> str:
    """Give the quote a status it does not have yet; return the new one."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            new = "Preventivato" if quote.status != "Preventivato" else "Non approvato"
            quote.status = new
            return new


@pytest.mark.parametrize(
    ("who", "channel", "allowed"),
    [
        ("agente", "preventivi", True),
        ("dipendente", "preventivi", False),
        ("dipendente", "usr", True),
        ("agente", "nonesiste", False),
    ],
)
async def test_subscription_rules(live: Live, who: str, channel: str, allowed: bool) -> None:
    client = await live.logged_in("assicurapp", who)
    if allowed:
        await client.subscribe(channel)
    else:
        with pytest.raises(CallFailed, match="Non puoi iscriverti"):
            await client.subscribe(channel)


async def test_private_channel_is_only_the_users_own(live: Live) -> None:
    client = await live.logged_in("assicurapp", "agente")
    me = (await client.invoke("tokenLogin", {}))["u"]["_id"]
    await client.subscribe(f"priv/{me}")
    with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale priv/someone-else$"):
        await client.subscribe("priv/someone-else")


async def test_before_login_only_public_channels(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    await client.subscribe("settings")
    with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale preventivi$"):
        await client.subscribe("preventivi")


async def test_a_change_reaches_exactly_those_who_may_see_it(live: Live) -> None:
    runtime = live.runtime
    agent = await live.logged_in("assicurapp", "agente")
    admin = await live.logged_in("assicurapp", "admin")
    sub = await live.logged_in("assicurapp", "subagente")
    foreign = await live.logged_in("rcadealer", "admin")
    for client in (agent, admin, sub, foreign):
        await client.subscribe("preventivi")

    quote_id = await _quote_of(runtime, "assicurapp", "agente@demo.it")
    status = await _change_status(runtime, "assicurapp", quote_id)

    for client in (agent, admin):
        event = await client.published("preventivi")
        assert event["operationType"] == "update"
        assert event["p"]["_id"] == quote_id
        assert event["p"]["status"] == status
    await sentinel(live, sub, "assicurapp")  # the parent's quote is not its own
    await sentinel(live, foreign, "rcadealer")  # never another tenant's event


async def test_a_rolled_back_write_publishes_nothing(live: Live) -> None:
    runtime = live.runtime
    admin = await live.logged_in("assicurapp", "admin")
    await admin.subscribe("preventivi")
    quote_id = await _quote_of(runtime, "assicurapp", "agente@demo.it")

    async def change_then_fail() -> None:
        with tenant_scope("assicurapp"):
            async with runtime.db.session() as session:
                quote = await session.get(m.Quote, quote_id)
                assert quote is not None
                quote.status = "Non approvato"
                await session.flush()
                raise RuntimeError("annullato")

    with pytest.raises(RuntimeError):
        await change_then_fail()
    await sentinel(live, admin, "assicurapp")
    await _change_status(runtime, "assicurapp", quote_id)  # a committed one does arrive
    assert (await admin.published("preventivi"))["p"]["_id"] == quote_id


async def test_unsubscribed_sockets_hear_nothing(live: Live) -> None:
    admin = await live.logged_in("assicurapp", "admin")
    witness = await live.logged_in("assicurapp", "admin")
    for client in (admin, witness):
        await client.subscribe("preventivi")
    await admin.invoke("#unsubscribe", "preventivi")
    quote_id = await _quote_of(live.runtime, "assicurapp", "agente@demo.it")
    await _change_status(live.runtime, "assicurapp", quote_id)
    assert (await witness.published("preventivi"))["p"]["_id"] == quote_id
    await admin.invoke("#subscribe", {"channel": "preventivi"})  # back, to hear the sentinel
    await sentinel(live, admin, "assicurapp")


async def test_server_events_reach_the_tenants_sockets(live: Live) -> None:
    mine = await live.logged_in("assicurapp", "agente")
    other = await live.logged_in("rcadealer", "agente")
    await live.runtime.hub.send_event("assicurapp", "restartApp")
    assert (await mine.next_event("restartApp"))["event"] == "restartApp"
    await event_sentinel(live, other, "rcadealer")


async def test_product_and_document_events_reach_logged_in_sockets_by_rule(live: Live) -> None:
    from core.db.models.documents import Document
    from core.testing import user_ids
    from tests.realtime.records import quotes_of

    ids = await user_ids(live.runtime, "assicurapp")
    quote = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[0]
    agent = await live.logged_in("assicurapp", "agente")
    admin = await live.logged_in("assicurapp", "admin")
    anonymous = await live.client("assicurapp")
    await anonymous.handshake()
    for client in (agent, admin, anonymous):
        await client.subscribe("products")
        await client.subscribe("docs")

    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            product = (await session.execute(select(m.Product))).scalars().first()
            assert product is not None
            product.name = "Polizza rinominata"
            for kind, owner, name in (
                ("area", None, "circolare.pdf"),
                ("preventivo", quote.id, "cid.pdf"),
            ):
                session.add(
                    Document(
                        owner_kind=kind,
                        owner_id=owner,
                        name=name,
                        uri=f"/upload/{name}",
                        storage_key=name,
                    )
                )

    agent_heard, admin_heard, anonymous_heard = await heard_before_sentinel(
        live, [agent, admin, anonymous], "assicurapp"
    )
    for events in (agent_heard, admin_heard):
        (product_event,) = events["products"]
        assert product_event["p"]["name"] == "Polizza rinominata"
    assert [e["d"]["name"] for e in agent_heard["docs"]] == ["circolare.pdf"]
    assert sorted(e["d"]["name"] for e in admin_heard["docs"]) == ["cid.pdf", "circolare.pdf"]
    assert anonymous_heard == {}


async def test_a_settings_change_is_announced_to_the_tenant_without_its_content(
    live: Live,
) -> None:
    mine = await live.logged_in("assicurapp", "agente")
    other = await live.logged_in("rcadealer", "admin")
    for client in (mine, other):
        await client.subscribe("settings")
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalars().first()
            if stored is None:
                stored = m.TenantSettings()
                session.add(stored)
            stored.assistenza = "<p>Chiamaci allo 02 1234</p>"
            stored.vapid_private_key = "segreto"
    packet = await mine.next_event("#publish")
    assert packet["data"]["channel"] == "settings"
    event = packet["data"]["data"]
    assert event["operationType"] in {"insert", "update"}
    assert set(event["s"]) == {"_id"}  # never the content: private keys live there
    await sentinel(live, other, "rcadealer", "settings")


async def test_a_new_policy_without_instalments_is_published(live: Live) -> None:
    from core.testing import user_ids

    ids = await user_ids(live.runtime, "assicurapp")
    admin = await live.logged_in("assicurapp", "admin")
    await admin.subscribe("polizze")
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            session.add(m.Policy(agent_id=ids["agente"], pr={"type": None}))
    packet = await admin.next_event("#publish")
    assert packet["data"]["data"]["operationType"] == "insert"
    assert packet["data"]["data"]["p"]["rate"] == []
