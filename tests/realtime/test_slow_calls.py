"""A socket call slower than ``SLOW_CALL_S`` leaves a warning naming it, how long it took and
how much of it went on the session's checks (waiting for the database); a quick one none."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from structlog.testing import capture_logs

from core.extensions import CallContext
from core.realtime import dispatch
from core.testing import CallFailed, Live


async def test_a_slow_call_is_logged_with_where_its_time_went(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = live.runtime.calls["storiaPolizza"]

    async def slow(ctx: CallContext, data: Any) -> dict[str, str]:
        await asyncio.sleep(0.3)
        return {"ok": "yes"}

    monkeypatch.setattr(dispatch, "SLOW_CALL_S", 0.2)
    monkeypatch.setitem(live.runtime.calls, "lenta", dataclasses.replace(quick, handler=slow))
    admin = await live.logged_in("assicurapp", "admin")
    with capture_logs() as logs:
        assert await admin.invoke("lenta", {}) == {"ok": "yes"}
        with pytest.raises(CallFailed, match=r"^Polizza non trovata$"):  # at once: not logged
            await admin.invoke("storiaPolizza", {"policyId": "x"})
    slow_calls = [entry for entry in logs if entry["event"] == "socket.slow_call"]
    assert [entry["call"] for entry in slow_calls] == ["lenta"]
    assert slow_calls[0]["seconds"] >= 0.3
    assert 0 <= slow_calls[0]["checks"] < slow_calls[0]["seconds"]
    assert slow_calls[0]["log_level"] == "warning"
