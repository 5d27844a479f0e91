"""The catalogue is a synced stream: the session lists it for whoever may read it (role,
tenant, line on and theirs), ``getDbData`` sends what ``noleggioAuto.auto`` answers, a car
retired leaves the agents' copies live and at the next resync."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import select

from core.api import models as m
from core.api import tenant_scope
from core.testing import Live, ScClient
from plugins.noleggio_auto.models import RentalCar
from plugins.noleggio_auto.tests.records import car_named

LINE = "noleggio-auto"
CHANNEL = "noleggio-auto/auto"
CORE_STREAMS = ["appendici", "chat", "polizze", "preventivi", "sinistri", "usr"]
DEALER_STREAMS = sorted([*CORE_STREAMS, "rca/targhe"])
"""rcadealer's streams without the rental line: core's (not the remittances, which its menu
cuts with the cash sheet) and the plates register's."""


PRODUCT_EDITORS = ("admin", "responsabile")
"""Who edits products, and so also syncs core's product documents."""


def dealer_streams(*lines: str, who: str = "agente") -> list[str]:
    """What ``who`` syncs in rcadealer: core's, the plates' and ``lines``' streams."""
    editing = ["documentiProdotto"] if who in PRODUCT_EDITORS else []
    return sorted([*DEALER_STREAMS, *editing, *lines])


async def _streams(live: Live, tenant: str, who: str) -> list[str]:
    client = await live.logged_in(tenant, who)
    answer = await client.invoke("tokenLogin", {"productsHash": None})
    streams: list[str] = answer["streams"]
    return streams


async def _sync(client: ScClient, **extra: object) -> tuple[dict[str, Any], dict[str, Any]]:
    """``getDbData`` for the catalogue alone: the answer and the cars it sent."""
    if "dbData" not in client.subscribed:
        await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {CHANNEL: [], **extra})
    cars: dict[str, Any] = {}
    for _ in range(answer["tot"]):
        cars.update((await client.published("dbData"))[CHANNEL])
    return answer, cars


async def _set_user_lines(live: Live, tenant: str, email: str, lines: list[str]) -> list[str]:
    """Give the user these extra products; answers the ones they had."""
    with tenant_scope(tenant):
        async with live.runtime.db.session() as session:
            user = (await session.execute(select(m.User).where(m.User.email == email))).scalar_one()
            before = list(user.extra_products or ())
            user.extra_products = lines
            await session.commit()
    return before


async def _set_line(live: Live, tenant: str, enabled: bool) -> None:
    with tenant_scope(tenant):
        async with live.runtime.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one()
            others = [p for p in stored.disabled_products if p != LINE]
            stored.disabled_products = others if enabled else [*others, LINE]
            await session.commit()


@asynccontextmanager
async def _line_off(live: Live, tenant: str) -> AsyncIterator[None]:
    await _set_line(live, tenant, enabled=False)
    try:
        yield
    finally:
        await _set_line(live, tenant, enabled=True)


async def test_the_session_lists_the_streams_each_user_may_read(live: Live) -> None:
    # every role that works the line reads its stream beside core's; employees only theirs
    for who in ("admin", "responsabile", "agente", "subagente", "segnalatore"):
        assert await _streams(live, "rcadealer", who) == dealer_streams(CHANNEL, who=who), who
    assert await _streams(live, "rcadealer", "dipendente") == ["chat", "usr"]

    # a user without the line in their extra products does not read it; admins always do
    before = await _set_user_lines(live, "rcadealer", "agente@demo.it", [])
    try:
        assert await _streams(live, "rcadealer", "agente") == DEALER_STREAMS
    finally:
        await _set_user_lines(live, "rcadealer", "agente@demo.it", before)

    # switched off for one tenant: gone there for everyone, kept by the other tenant
    async with _line_off(live, "rcadealer"):
        assert await _streams(live, "rcadealer", "admin") == dealer_streams(who="admin")
        assert await _streams(live, "rcadealer", "agente") == DEALER_STREAMS
        assert CHANNEL in await _streams(live, "assicurapp", "agente")
        # and getDbData, asked for it by name, sends nothing of it
        agent = await live.logged_in("rcadealer", "agente")
        answer, cars = await _sync(agent)
        assert (answer["tot"], cars) == (0, {})
    assert await _streams(live, "rcadealer", "agente") == dealer_streams(CHANNEL)


async def test_the_stream_sends_what_the_call_answers_and_follows_a_retired_car(
    live: Live,
) -> None:
    agent = await live.logged_in("rcadealer", "agente")
    admin = await live.logged_in("rcadealer", "admin")
    for client in (agent, admin):
        await client.subscribe(CHANNEL)
    car = await car_named(live.runtime, "rcadealer", "Fiat 500 Hybrid")

    first, synced = await _sync(agent)
    assert first["full"] is True
    called = {c["_id"]: c for c in (await agent.invoke("noleggioAuto.auto"))["cars"]}
    assert synced == called  # the stream never shows more than its call twin
    assert synced[car.id]["car_fullname"] == "Fiat 500 Hybrid"

    retired = {**synced[car.id], "active": False}
    await admin.invoke("noleggioAuto.salvaAuto", retired)
    # the admin's copy keeps the car, retired; the agent's drops it
    assert (await admin.published(CHANNEL))["p"]["active"] is False
    assert await agent.published(CHANNEL) == {"operationType": "delete", "p": {"_id": car.id}}
    try:
        again, delta = await _sync(agent, wm=first["wm"])
        assert again["full"] is False
        assert delta[car.id] is None
        _, everything = await _sync(admin)
        assert everything[car.id]["active"] is False
    finally:
        with tenant_scope("rcadealer"):
            async with live.runtime.db.session() as session:
                row = (
                    await session.execute(select(RentalCar).where(RentalCar.id == car.id))
                ).scalar_one()
                row.active = True
                await session.commit()
