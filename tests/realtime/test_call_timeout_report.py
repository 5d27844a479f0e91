"""A call that gets no answer fails its test with where the server was waiting: the await
chain of the handler's task and, on PostgreSQL, the run's busy database sessions."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from core.auth.hashing import HashGate
from core.testing import Live
from core.testing.client import CallTimedOut
from core.testing.environment import TEST_DATABASE_URL


async def test_a_call_without_answer_reports_where_the_server_waits(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    release, hash_for_real = asyncio.Event(), HashGate.run

    async def held_hash(gate: HashGate, *args: Any) -> Any:
        await release.wait()
        return await hash_for_real(gate, *args)

    monkeypatch.setattr(HashGate, "run", held_hash)
    client = await live.client()
    await client.handshake()
    login = {"email": "agente@demo.it", "password": "demo1234"}
    with pytest.raises(CallTimedOut) as timed_out:
        await client.invoke("login", login, timeout=0.3)
    report = str(timed_out.value)
    assert report.startswith("no answer to 'login' within 0.3 s")
    assert "test_call_timeout_report.py:23 in held_hash" in report
    assert "core/auth/service.py" in report  # the chain down from the call's handler
    has_sessions = "--- PostgreSQL sessions" in report
    assert has_sessions == TEST_DATABASE_URL.startswith("postgresql")

    release.set()  # the call goes on and answers late, as a slow call would
    while "rid" not in (late := await client.next_event()):
        pass  # the token set on the socket comes first
    assert late["data"]["u"]["email"] == "agente@demo.it"
