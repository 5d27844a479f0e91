"""The ceiling: a bare broadcast server on the ``websockets`` library.

``python -m bench.realtime.bare_server PORT``, with ``BENCH_SIO_TEMPLATE`` naming the JSON file
of one quote's wire payload (the one python-socketio broadcasts). It speaks just enough
SocketCluster for the bench's sockets: ``#handshake`` (always authenticated), ``#subscribe``,
and ``saveData``, which sends the same ``#publish`` frame to every subscribed socket with
``websockets.broadcast`` and acknowledges ``{modifiedCount: 1}``. No database, no login, no
filtering, one encoding per change: the most this machine delivers in Python.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection, broadcast, serve

TEMPLATE: dict[str, Any] = json.loads(Path(os.environ["BENCH_SIO_TEMPLATE"]).read_text())
CHANNEL = "preventivi"
_decode = msgspec.json.decode
_encode = msgspec.json.Encoder().encode
subscribers: set[ServerConnection] = set()


def _answer(ws: ServerConnection, packet: dict[str, Any]) -> Any:
    event = packet.get("event")
    if event == "#handshake":
        return {"id": str(ws.id), "isAuthenticated": True, "pingTimeout": 20000}
    if event == "#subscribe":
        subscribers.add(ws)
        return None
    if event == "saveData":
        data = packet["data"]
        item = {**TEMPLATE, "_id": data["_id"], "status": data["upd"]["$set"]["status"]}
        change = {"operationType": "update", "p": item}
        frame = {"event": "#publish", "data": {"channel": CHANNEL, "data": change}}
        broadcast(subscribers, _encode(frame).decode())
        return {"modifiedCount": 1}
    return None


async def handler(ws: ServerConnection) -> None:
    try:
        async for raw in ws:
            if raw == "":  # a ping answered
                continue
            packet = _decode(raw)
            reply = _answer(ws, packet)
            if packet.get("cid") is not None:
                await ws.send(_encode({"rid": packet["cid"], "data": reply}).decode())
    finally:
        subscribers.discard(ws)


async def main(port: int) -> None:
    async with serve(handler, "127.0.0.1", port, max_size=None, ping_interval=None):
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
