"""The SocketCluster v2 wire format (DESIGN §4): text frames of JSON packets, ``""`` pings.

Pure functions: parse a frame into packets, build the packets the server sends.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from core.text_guard import BadJson, decode_json

PING = ""
PONG = ""
MAX_PACKETS_PER_FRAME = 100

# Events the protocol reserves (everything else is a call or a transmit).
HANDSHAKE = "#handshake"
SUBSCRIBE = "#subscribe"
UNSUBSCRIBE = "#unsubscribe"
PUBLISH = "#publish"
AUTHENTICATE = "#authenticate"
SET_AUTH_TOKEN = "#setAuthToken"
REMOVE_AUTH_TOKEN = "#removeAuthToken"
DISCONNECT = "#disconnect"
KICK_OUT = "#kickOut"

# Close codes: SocketCluster's own, and ours (>= 4500 tell the client not to reconnect).
CLOSE_PONG_TIMEOUT = 4001
CLOSE_HANDSHAKE_FAILED = 4003
CLOSE_HANDSHAKE_TIMEOUT = 4005
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_SLOW = 4100
"""The client fell too far behind (its queue is full): it reconnects and resyncs."""
CLOSE_TOO_MANY = 4101
"""Too many anonymous sockets from one address."""
CLOSE_LOGGED_OUT = 4500
CLOSE_SUSPENDED = 4501
CLOSE_KICKED = 4502

_encoder = msgspec.json.Encoder()


class ProtocolError(ValueError):
    """A frame that is not valid SocketCluster; the message says why, in Italian.

    ``cids`` are the calls the frame carried when it could still be read as JSON (its values
    alone could not be taken): each is answered on its id, as HTTP answers a bad body."""

    def __init__(self, message: str, cids: tuple[int | str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.cids = cids


@dataclass(frozen=True, slots=True)
class Pong:
    """The client's answer to a ping."""


@dataclass(frozen=True, slots=True)
class Packet:
    """An event from the client: a call when it has a ``cid``, a transmit otherwise."""

    event: str
    data: Any
    cid: int | str | None


@dataclass(frozen=True, slots=True)
class Reply:
    """The client's response to an event the server sent with a ``cid`` (``rid``)."""

    rid: int | str


Inbound = Pong | Packet | Reply


def parse_frame(text: str) -> list[Inbound]:
    """Decode one text frame into packets; raise :class:`ProtocolError` if it is not one."""
    if text == PONG:
        return [Pong()]
    try:
        decoded = decode_json(text)
    except BadJson as exc:
        raise ProtocolError(exc.message, _cids(text)) from None
    items = decoded if isinstance(decoded, list) else [decoded]
    if not items or len(items) > MAX_PACKETS_PER_FRAME:
        raise ProtocolError(f"Messaggio non valido: da 1 a {MAX_PACKETS_PER_FRAME} pacchetti")
    return [_packet(item) for item in items]


def _cids(text: str) -> tuple[int | str, ...]:
    """The call ids of a frame the strict decoder refused, read leniently (the standard
    parser takes lone surrogates and out-of-range numbers); none when it is not JSON at all."""
    try:
        decoded = json.loads(text)
    except (ValueError, RecursionError):
        return ()
    items = decoded if isinstance(decoded, list) else [decoded]
    return tuple(
        cid
        for item in items[:MAX_PACKETS_PER_FRAME]
        if isinstance(item, dict)
        and isinstance(cid := item.get("cid"), int | str)
        and not isinstance(cid, bool)
    )


def _packet(item: Any) -> Inbound:
    if item == PONG:
        return Pong()
    if not isinstance(item, dict):
        raise ProtocolError("Messaggio non valido: ogni pacchetto è un oggetto")
    cid = item.get("cid")
    if cid is not None and (isinstance(cid, bool) or not isinstance(cid, int | str)):
        raise ProtocolError("Messaggio non valido: cid deve essere un numero o un testo")
    event = item.get("event")
    if isinstance(event, str) and event:
        return Packet(event=event, data=item.get("data"), cid=cid)
    rid = item.get("rid")
    if isinstance(rid, int | str) and not isinstance(rid, bool):
        return Reply(rid=rid)
    raise ProtocolError("Messaggio non valido: manca il nome dell'evento")


def event(name: str, data: Any = None) -> dict[str, Any]:
    """A server event with no reply expected (``#publish``, ``restartApp``…)."""
    return {"event": name, "data": data} if data is not None else {"event": name}


def publish(channel: str, data: Any) -> dict[str, Any]:
    return {"event": PUBLISH, "data": {"channel": channel, "data": data}}


def reply(rid: int | str, data: Any = None) -> dict[str, Any]:
    return {"rid": rid, "data": data} if data is not None else {"rid": rid}


def failure(
    rid: int | str, name: str, message: str, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A call's refusal; ``extra`` adds what the error names beside its message (the check
    that refused, the problems of each field)."""
    return {"rid": rid, "error": {**(extra or {}), "name": name, "message": message}}


def encode(packet: dict[str, Any] | list[dict[str, Any]]) -> str:
    return _encoder.encode(packet).decode()
