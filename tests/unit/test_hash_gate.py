"""The hashing gate: one hash per slot, a queue as long as the slots finish within the wait
(at the hash time measured), and an immediate 429 with ``Retry-After`` past it."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from core.auth.hashing import FIRST_GUESS_S, HashGate
from core.errors import TooManyAttempts
from core.settings import RateLimitSettings

BUSY = "Troppe richieste di accesso in corso: riprova tra 2 secondi"


def test_the_queue_is_what_the_slots_finish_within_the_wait() -> None:
    gate = HashGate(concurrency=2, queue=0, wait_s=3.0)
    gate.mean_s = 0.16  # two cores, 160 ms a hash: 37 hashes within three seconds
    assert gate.queue_bound == 37
    gate.mean_s = 10.0  # slower than the wait: still one waiting per slot
    assert gate.queue_bound == 2


def test_a_fixed_queue_is_kept_whatever_the_hash_time() -> None:
    gate = HashGate(concurrency=2, queue=5, wait_s=3.0)
    gate.mean_s = 0.001
    assert gate.queue_bound == 5


def test_the_settings_give_one_slot_per_core_and_the_measured_queue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    gate = HashGate.from_settings(RateLimitSettings(hash_wait_ms=1500))
    assert (gate.concurrency, gate.queue, gate.wait_s) == (3, 0, 1.5)
    assert gate.mean_s == FIRST_GUESS_S
    assert gate.queue_bound == 45
    assert HashGate.from_settings(RateLimitSettings(hash_concurrency=1)).concurrency == 1


async def test_past_the_queue_a_login_is_refused_at_once_and_the_waiting_ones_run() -> None:
    gate = HashGate(concurrency=1, queue=0, wait_s=1.0)
    gate.mean_s = 0.25  # four may wait for the one slot
    release = threading.Event()
    running = asyncio.create_task(gate.run(release.wait, 30))
    await asyncio.sleep(0)
    waiting = [asyncio.create_task(gate.run(lambda n=n: n)) for n in range(4)]
    await asyncio.sleep(0)
    assert gate.waiting == 4

    with pytest.raises(TooManyAttempts, match=BUSY) as refused:
        await gate.run(lambda: "never")
    assert refused.value.retry_after == 2
    assert refused.value.status_code == 429

    release.set()
    assert await running is True
    assert await asyncio.gather(*waiting) == [0, 1, 2, 3]
    assert gate.waiting == 0


async def test_a_login_waiting_longer_than_the_wait_is_refused() -> None:
    gate = HashGate(concurrency=1, queue=1, wait_s=0.05)
    release = threading.Event()
    running = asyncio.create_task(gate.run(release.wait, 30))
    await asyncio.sleep(0)
    with pytest.raises(TooManyAttempts, match=BUSY):
        await gate.run(lambda: "too late")
    assert gate.waiting == 0
    release.set()
    await running
    assert await gate.run(lambda: "free again") == "free again"


async def test_the_mean_hash_time_follows_what_is_measured() -> None:
    gate = HashGate(concurrency=1, queue=0, wait_s=1.0)
    gate.mean_s = 1.0
    await gate.run(time.sleep, 0)  # ~0 s: the mean moves a fifth of the way down
    assert 0.79 < gate.mean_s <= 0.8 + 0.01
