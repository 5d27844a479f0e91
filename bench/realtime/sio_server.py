"""The reference: a python-socketio ASGI server broadcasting sportello's quote event.

``uvicorn bench.realtime.sio_server:app``, with ``BENCH_SIO_TEMPLATE`` naming a JSON file
that holds one quote's wire payload. A client joins the room with ``subscribe``; a
``saveData`` (same body as sportello's) broadcasts ``{operationType, p}`` to the room, ``p``
being the template with the call's ``_id`` and status, and acks ``{modifiedCount: 1}``.
No database: this is the cost of the fan-out alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import socketio

TEMPLATE: dict[str, Any] = json.loads(Path(os.environ["BENCH_SIO_TEMPLATE"]).read_text())

sio = socketio.AsyncServer(
    async_mode="asgi", transports=["websocket"], logger=False, engineio_logger=False
)


@sio.on("subscribe")  # type: ignore[untyped-decorator]
async def subscribe(sid: str, channel: str) -> bool:
    await sio.enter_room(sid, channel)
    return True


@sio.on("saveData")  # type: ignore[untyped-decorator]
async def save_data(_sid: str, data: dict[str, Any]) -> dict[str, int]:
    item = {**TEMPLATE, "_id": data["_id"], "status": data["upd"]["$set"]["status"]}
    await sio.emit(data["coll"], {"operationType": "update", "p": item}, room=data["coll"])
    return {"modifiedCount": 1}


app = socketio.ASGIApp(sio)
