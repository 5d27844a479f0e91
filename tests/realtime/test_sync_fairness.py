"""Full syncs cannot starve others: their frames are made off the event loop, and each user and
tenant may start only so many per minute.

The live server runs in the test's own event loop, so "the loop serves another tenant while a
sync's frame is being made" is checked by holding the frame's making until a request of
another tenant has been answered: made on the loop, it would hold that request instead.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame

from core.context import tenant_scope
from core.db import models as m
from core.realtime import prepared
from core.runtime import Runtime
from core.settings import Settings
from core.testing import STREAMS, CallFailed, serving, sync, user_ids

NOTE_BYTES = 400_000
"""Form answers of one quote: random text, so its batch stays large once compressed."""
HELD_FOR_S = 20.0
"""How long a frame waits for the other tenant's answer before the test gives up (only
reached when the loop is blocked, that is when the test fails)."""


async def _a_large_quote(runtime: Runtime, agent_id: str) -> str:
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            quote = (
                await session.execute(select(m.Quote).where(m.Quote.agent_id == agent_id).limit(1))
            ).scalar_one()
            note = {"_id": "nota", "name": "Nota", "value": secrets.token_urlsafe(NOTE_BYTES)}
            quote.usr_data = [*(quote.usr_data or []), note]
            await session.commit()
            return quote.id


async def test_a_full_syncs_frames_are_made_off_the_loop_while_another_tenant_is_served(
    settings: Settings, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    making, served = threading.Event(), threading.Event()
    made_on: list[tuple[int, int, bool]] = []  # (thread, bytes, compressed ahead)
    held: list[bool] = []  # whether the other tenant was answered while a frame was held
    make_ready = prepared.make_ready

    def held_until_served(packet: Any, deflate: prepared.Deflate | None) -> prepared.Ready:
        ready = make_ready(packet, deflate)
        if len(ready.data) >= NOTE_BYTES:
            making.set()
            held.append(served.wait(HELD_FOR_S))
        made_on.append((threading.get_ident(), len(ready.data), ready.compressed is not None))
        return ready

    compressed_on_loop: list[int] = []
    encode = PerMessageDeflate.encode

    def watched_encode(self: PerMessageDeflate, frame: Frame) -> Frame:
        compressed_on_loop.append(len(frame.data))
        return encode(self, frame)

    monkeypatch.setattr(prepared, "make_ready", held_until_served)
    monkeypatch.setattr(PerMessageDeflate, "encode", watched_encode)
    async with serving(settings, runtime) as live:
        agent_id = (await user_ids(runtime, "assicurapp"))["agente"]
        quote_id = await _a_large_quote(live.runtime, agent_id)
        agent = await live.logged_in("assicurapp", "agente")
        await agent.subscribe("dbData")
        syncing = asyncio.create_task(agent.invoke("getDbData", STREAMS, timeout=2 * HELD_FOR_S))
        assert await asyncio.to_thread(making.wait, HELD_FOR_S)  # the large frame is being made
        url = f"http://127.0.0.1:{live.port}/healthz"
        async with httpx.AsyncClient() as client:
            other = await client.get(url, headers={"host": "rcadealer.localhost"})
        served.set()
        assert other.json() == {"status": "ok"}
        answer = await syncing
        assert answer["full"] is True
        received: dict[str, Any] = {}
        while len(received) < answer["tot"]:
            for name, items in (await agent.published("dbData", timeout=HELD_FOR_S)).items():
                received.setdefault(name, {}).update(items)

    assert held == [True]  # the other tenant was answered while the frame was being made
    loop_thread = threading.get_ident()
    assert made_on
    assert all(thread != loop_thread for thread, _, _ in made_on)
    assert [compressed for _, size, compressed in made_on if size >= NOTE_BYTES] == [True]
    assert all(size < prepared.REMEMBER_FROM for size in compressed_on_loop)
    note = next(f for f in received["preventivi"][quote_id]["usrData"] if f["_id"] == "nota")
    assert len(note["value"]) > NOTE_BYTES  # the frame made ahead arrived whole
    assert prepared.waiting() == 0  # nothing made is kept once written


def _budget(settings: Settings, per_user: str, per_tenant: str) -> Settings:
    limits = settings.rate_limits.model_copy(
        update={"full_syncs_per_user": per_user, "full_syncs_per_tenant": per_tenant}
    )
    return settings.model_copy(update={"rate_limits": limits})


REFUSED = r"^Troppe sincronizzazioni complete: riprova tra \d+ secondi$"


async def test_full_syncs_past_a_users_and_a_tenants_budget_are_refused_on_their_call(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(_budget(settings, "2/minute", "3/minute"), runtime) as live:
        agent = await live.logged_in("assicurapp", "agente")
        first, _ = await sync(agent)
        await sync(agent)
        with pytest.raises(CallFailed, match=REFUSED) as refused:
            await sync(agent)
        assert refused.value.name == "TooManyAttempts"
        assert 1 <= refused.value.error["retryAfter"] <= 60
        resync, _ = await sync(agent, wm=first["wm"])  # a resync costs little: not counted
        assert resync["full"] is False

        colleague = await live.logged_in("assicurapp", "subagente")
        await sync(colleague)  # the tenant's third full sync
        with pytest.raises(CallFailed, match=REFUSED):
            await sync(colleague)  # past the tenant's budget, though within their own

        elsewhere = await live.logged_in("rcadealer", "agente")
        for _ in range(2):  # another tenant syncs as before
            answer, _ = await sync(elsewhere)
            assert answer["full"] is True
