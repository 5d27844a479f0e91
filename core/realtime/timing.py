"""``logTime``: the client reports how long its data took to load (a log line, no reply)."""

from __future__ import annotations

from typing import Any

import structlog

from core.extensions import CallContext

log = structlog.get_logger(__name__)


async def log_time(ctx: CallContext, data: Any) -> None:
    if isinstance(data, int | float) and not isinstance(data, bool) and 0 <= data < 3.6e6:
        log.info("client.data_loaded", ms=int(data), user=ctx.principal and ctx.principal.id)
