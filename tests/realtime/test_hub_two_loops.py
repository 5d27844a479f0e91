"""A hub started in one event loop and stopped from another (the test clients start an app
once per client, each in a loop of its own) stops without touching the other loop's tasks
from the wrong thread: they are cancelled in their own loop."""

from __future__ import annotations

import asyncio
import threading

from core.runtime import Runtime


async def test_a_hub_stopped_from_another_loop_cancels_the_first_loops_tasks(
    runtime: Runtime,
) -> None:
    started = threading.Event()
    finished = threading.Event()
    other_loop = asyncio.new_event_loop()
    tasks: list[asyncio.Task[None]] = []

    async def start_there() -> None:
        await runtime.bus.connect()
        await runtime.hub.start()
        tasks.extend(t for t in (runtime.hub._watcher, runtime.hub._listener) if t is not None)
        started.set()
        await asyncio.gather(*tasks, return_exceptions=True)  # until cancelled from here
        await runtime.bus.disconnect()
        finished.set()

    thread = threading.Thread(target=other_loop.run_until_complete, args=(start_there(),))
    thread.start()
    try:
        assert await asyncio.to_thread(started.wait, 10)
        assert len(tasks) == 2
        await runtime.hub.stop()  # this loop is not the one that started it
        assert await asyncio.to_thread(finished.wait, 10)
        assert all(task.cancelled() for task in tasks)
    finally:
        await asyncio.to_thread(thread.join, 10)
        other_loop.close()
