"""A socket's calls are paced by its bucket: at two calls a second (a burst of four), eight
calls sent at once get four answers and four 'Troppe richieste: rallenta' refusals on their
own call ids, and the socket stays open (a refusal is not a flood)."""

from __future__ import annotations

import json
from typing import Any

from core.runtime import Runtime
from core.settings import Settings
from core.testing import ScClient, serving

REFUSED = {"name": "RateLimitError", "message": "Troppe richieste: rallenta"}


async def _answers(client: ScClient, count: int) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    while len(found) < count:
        packet = await client.next_event()
        if "rid" in packet:
            found[packet["rid"]] = packet
    return found


async def test_calls_past_the_burst_are_refused_on_their_call_ids(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime, calls_per_second=2) as live:
        client = await live.client()
        await client.handshake()  # the handshake is never counted
        calls = [{"event": "#subscribe", "data": {"channel": "settings"}, "cid": 100 + n}
                 for n in range(8)]  # fmt: skip
        await client.send_raw(json.dumps(calls))  # one frame: no time to refill between them
        answers = await _answers(client, 8)
        assert all("error" not in answers[100 + n] for n in range(4))
        # a token comes back every 0.5 s: the fifth may be served on a slow machine, never
        # the last three
        assert [answers[100 + n].get("error") for n in range(5, 8)] == [REFUSED] * 3
        assert not client.closed.is_set()
