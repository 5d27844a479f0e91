"""The websocket implementation ``REALTIME_PROTOCOL`` names is the one uvicorn loads."""

from __future__ import annotations

import pytest
from uvicorn.config import WS_PROTOCOLS
from uvicorn.importer import import_from_string

from core.realtime.direct_ws import DirectWebSocketsProtocol
from core.serving import uvicorn_options
from core.settings import RealtimeSettings, Settings


def _ws_class(protocol: str) -> type:
    settings = Settings().model_copy(
        update={"realtime": RealtimeSettings().model_copy(update={"protocol": protocol})}
    )
    name = uvicorn_options(settings)["ws"]
    loaded: type = import_from_string(WS_PROTOCOLS.get(name) or name)
    return loaded


def test_the_default_is_the_sans_io_protocol_with_synchronous_writes() -> None:
    assert RealtimeSettings().protocol == "sportello"
    assert _ws_class("sportello") is DirectWebSocketsProtocol


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore:The `websockets` implementation")
@pytest.mark.parametrize("protocol", ["websockets-sansio", "websockets"])
def test_uvicorns_own_implementations_stay_selectable(protocol: str) -> None:
    loaded = _ws_class(protocol)
    assert loaded is not DirectWebSocketsProtocol
    assert loaded.__module__.startswith("uvicorn.protocols.websockets.")
