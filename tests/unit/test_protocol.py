"""The frame parser: any text is packets or a ProtocolError, never anything else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.realtime import protocol


@given(st.text(max_size=200))
def test_any_text_parses_or_is_a_protocol_error(text: str) -> None:
    try:
        packets = protocol.parse_frame(text)
    except protocol.ProtocolError:
        return
    assert packets
    assert all(isinstance(p, protocol.Pong | protocol.Packet | protocol.Reply) for p in packets)


@pytest.mark.parametrize(
    ("frame", "expected"),
    [
        ("", [protocol.Pong()]),
        ('{"event":"#handshake","data":{"authToken":null},"cid":1}',
         [protocol.Packet("#handshake", {"authToken": None}, 1)]),
        ('{"event":"logTime","data":5}', [protocol.Packet("logTime", 5, None)]),
        ('[{"event":"a","cid":1},{"rid":7}]', [protocol.Packet("a", None, 1), protocol.Reply(7)]),
    ],
)  # fmt: skip
def test_frames_become_packets(frame: str, expected: list[protocol.Inbound]) -> None:
    assert protocol.parse_frame(frame) == expected


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ("{", "^JSON non valido$"),  # the words HTTP answers a body that is not JSON
        ("[]", "^Messaggio non valido: da 1 a 100 pacchetti$"),
        ("null", "^Messaggio non valido: ogni pacchetto è un oggetto$"),
        ('{"cid": true, "event": "x"}',
         "^Messaggio non valido: cid deve essere un numero o un testo$"),
        (json.dumps([{}] * 101), "^Messaggio non valido: da 1 a 100 pacchetti$"),
    ],
)  # fmt: skip
def test_bad_frames_are_protocol_errors(frame: str, message: str) -> None:
    with pytest.raises(protocol.ProtocolError, match=message):
        protocol.parse_frame(frame)


def test_server_packets_have_the_wire_shape() -> None:
    assert protocol.publish("c", {"x": 1}) == {
        "event": "#publish",
        "data": {"channel": "c", "data": {"x": 1}},
    }
    assert protocol.failure(3, "E", "m") == {"rid": 3, "error": {"name": "E", "message": "m"}}
    assert protocol.failure(3, "E", "m", {"check": "documents", "name": "X"}) == {
        "rid": 3, "error": {"check": "documents", "name": "E", "message": "m"},
    }  # fmt: skip
    assert protocol.encode(protocol.reply(1)) == '{"rid":1}'
