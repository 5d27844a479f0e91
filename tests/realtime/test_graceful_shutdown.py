"""SIGTERM (a deploy, a rolling restart): the server stops accepting, lets a socket call in
flight finish, commit and answer, then closes its sockets with 1012 so that clients come back
(to another worker) and resync; idle sockets get 1012 at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.db import models as m
from core.extensions import CallContext
from core.runtime import Runtime, as_call
from core.settings import Settings
from core.testing import ScClient, reload
from core.testing.live import Served, fast_app
from tests.realtime.quote_records import pick_quote

SERVICE_RESTART = 1012
HOST = "assicurapp.localhost"


@pytest.fixture
async def served(settings: Settings, runtime: Runtime) -> AsyncIterator[Served]:
    server = await Served.start(fast_app(settings, runtime))
    yield server
    if not server.task.done():
        await server.stop()


class SlowSave:
    """A call that writes a quote's status once the test lets it go on."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.go_on = asyncio.Event()

    async def __call__(self, context: CallContext, data: Any) -> str:
        self.started.set()
        await self.go_on.wait()
        quote = await context.session.get(m.Quote, data["id"])
        assert quote is not None
        quote.status = "Approvato dalla direzione"
        await context.session.commit()
        return "salvato"


async def _socket(served: Served) -> ScClient:
    client = await ScClient.open(served.port, HOST)
    await client.handshake()
    await client.login("agente@demo.it")
    return client


async def test_a_call_in_flight_commits_and_answers_before_the_close(served: Served) -> None:
    runtime = served.runtime
    slow = SlowSave()
    runtime.calls["prova.salvaLento"] = as_call(slow)
    quote = await pick_quote(runtime, "assicurapp", "agente")
    busy, idle = await _socket(served), await _socket(served)

    answer = asyncio.create_task(busy.invoke("prova.salvaLento", {"id": quote.id}))
    await asyncio.wait_for(slow.started.wait(), 5)
    stopping = asyncio.create_task(served.stop())

    async with asyncio.timeout(5):  # the idle socket is told at once
        await idle.closed.wait()
    assert idle.close_code == SERVICE_RESTART
    with pytest.raises(ConnectionRefusedError):  # no new connection is accepted meanwhile
        await ScClient.open(served.port, HOST)
    assert not busy.closed.is_set()

    slow.go_on.set()
    assert await asyncio.wait_for(answer, 5) == "salvato"
    async with asyncio.timeout(5):
        await busy.closed.wait()
    assert busy.close_code == SERVICE_RESTART
    await asyncio.wait_for(stopping, 10)
    assert (await reload(runtime, "assicurapp", quote.id)).status == "Approvato dalla direzione"


async def test_a_call_that_never_ends_is_cut_after_the_grace(
    settings: Settings, runtime: Runtime
) -> None:
    fast = settings.model_copy(
        update={"app": settings.app.model_copy(update={"shutdown_grace_s": 1})}
    )
    server = await Served.start(fast_app(fast, runtime))
    slow = SlowSave()  # never let go on
    server.runtime.calls["prova.salvaLento"] = as_call(slow)
    quote = await pick_quote(server.runtime, "assicurapp", "agente")
    busy = await _socket(server)
    asyncio.create_task(busy.invoke("prova.salvaLento", {"id": quote.id}))  # noqa: RUF006
    await asyncio.wait_for(slow.started.wait(), 5)

    await asyncio.wait_for(server.stop(), 10)  # bounded by the grace, not by the call
    status = (await reload(runtime, "assicurapp", quote.id)).status
    assert status != "Approvato dalla direzione"  # cut before it wrote: nothing half-done
