"""How uvicorn serves the app: the options ``sportello serve`` and the live tests share."""

from __future__ import annotations

from typing import Any

from core.settings import Settings

WS_PROTOCOLS = {"sportello": "core.realtime.direct_ws:DirectWebSocketsProtocol"}
"""Our implementations, by the name ``REALTIME_PROTOCOL`` gives them; others are uvicorn's."""


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options from the settings (sockets: implementation, compression, frame size;
    no protocol-level pings of uvicorn's own: the app's ``REALTIME_PING_*`` cover it)."""
    realtime = settings.realtime
    return {
        "log_config": None,
        "proxy_headers": False,  # the app reads X-Forwarded-For itself, from TRUSTED_PROXIES
        "ws": WS_PROTOCOLS.get(realtime.protocol, realtime.protocol),
        "ws_per_message_deflate": realtime.compression,
        "ws_max_size": realtime.max_frame_bytes,
        "ws_ping_interval": None,  # the app pings every socket and closes the silent ones
        "timeout_graceful_shutdown": settings.app.shutdown_grace_s,
    }
