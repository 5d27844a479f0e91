"""permessage-deflate without context takeover: negotiated both ways, one compression per
broadcast payload, small frames plain, and every frame readable by a standard client."""

from __future__ import annotations

import json

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from core.realtime.shared_deflate import (
    SMALLEST_COMPRESSED,
    SharedDeflate,
    SharedDeflateFactory,
)


def _negotiated(offer: list[tuple[str, str | None]] | None = None) -> SharedDeflate:
    factory = SharedDeflateFactory(server_max_window_bits=12, client_max_window_bits=12)
    response, extension = factory.process_request_params(offer or [], [])
    assert ("server_no_context_takeover", None) in response
    assert ("client_no_context_takeover", None) in response
    assert isinstance(extension, SharedDeflate)
    return extension


def _client_reads(frame: Frame, window_bits: int = 12) -> bytes:
    """What a browser's side of the same negotiation decodes from ``frame``."""
    client = PerMessageDeflate(True, True, window_bits, 12)
    return bytes(client.decode(frame).data)


def _event(n: int) -> bytes:
    return json.dumps({"event": "#publish", "data": {"n": n, "pad": "preventivo " * 60}}).encode()


def test_no_context_takeover_is_negotiated_both_ways_and_no_state_is_kept() -> None:
    socket = _negotiated([("client_max_window_bits", None)])
    assert socket.local_no_context_takeover
    assert socket.remote_no_context_takeover
    socket.encode(Frame(Opcode.TEXT, _event(1)))
    assert not hasattr(socket, "encoder")  # freed once the message is written


def test_one_payload_is_compressed_once_for_every_socket() -> None:
    first, second = _negotiated(), _negotiated()
    payload = _event(2)
    a = first.encode(Frame(Opcode.TEXT, payload))
    b = second.encode(Frame(Opcode.TEXT, payload))
    assert a.rsv1
    assert b.rsv1
    assert len(a.data) < len(payload)
    assert b.data is a.data  # the second socket reused the first one's compression
    assert _client_reads(a) == _client_reads(b) == payload


def test_an_equal_payload_in_another_object_is_compressed_again_and_still_reads() -> None:
    socket = _negotiated()
    a = socket.encode(Frame(Opcode.TEXT, _event(3)))
    b = socket.encode(Frame(Opcode.TEXT, _event(3)))
    assert b.data is not a.data
    assert _client_reads(b) == _event(3)


def test_a_smaller_window_asked_by_the_client_is_not_served_another_sockets_frame() -> None:
    wide, narrow = _negotiated(), _negotiated([("server_max_window_bits", "9")])
    payload = _event(4)
    a = wide.encode(Frame(Opcode.TEXT, payload))
    b = narrow.encode(Frame(Opcode.TEXT, payload))
    assert b.data is not a.data
    assert _client_reads(b, window_bits=9) == payload


def test_small_frames_go_uncompressed() -> None:
    socket = _negotiated()
    small = b'{"rid":1,"data":{}}'
    assert len(small) < SMALLEST_COMPRESSED
    frame = socket.encode(Frame(Opcode.TEXT, small))
    assert not frame.rsv1
    assert frame.data == small
    assert _client_reads(frame) == small
