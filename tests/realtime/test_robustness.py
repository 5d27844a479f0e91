"""Bad frames, floods, limits and silence: an error or a clear close, never a crash."""

from __future__ import annotations

import asyncio

import pytest

from core.testing import CallFailed, Live

GARBAGE = ["{", "[]", "null", "42", '"x"', '{"cid": 1}', '{"event": 5, "cid": 2}', "[" * 3000]


async def test_malformed_frames_get_an_error_and_the_socket_keeps_serving(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    for frame in GARBAGE:
        await client.send_raw(frame)
        error = await client.next_event("#error")
        assert error["data"]["name"] == "ProtocolError"
    assert (await client.invoke("#subscribe", {"channel": "settings"})) is None


async def test_unknown_calls_and_bad_payloads_are_errors(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    with pytest.raises(CallFailed, match="Chiamata sconosciuta"):
        await client.invoke("nonEsiste", {})
    with pytest.raises(CallFailed, match="Dati non validi"):
        await client.invoke("login", {"email": 5})
    with pytest.raises(CallFailed, match="sola lettura"):
        await client.invoke("#publish", {"channel": "preventivi", "data": {}})


async def test_calls_before_the_handshake_are_refused(live: Live) -> None:
    client = await live.client()
    with pytest.raises(CallFailed, match="handshake"):
        await client.invoke("login", {"email": "a@b.it", "password": "x"})


async def test_packet_arrays_and_the_deprecated_disconnect(live: Live) -> None:
    client = await live.client()
    await client.send_raw('[{"event":"#handshake","data":{},"cid":"raw"},{"event":"#disconnect"}]')
    assert (await client.invoke("#subscribe", {"channel": "settings"})) is None


async def test_a_huge_frame_closes_with_1009(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    await client.send_raw("x" * (live.runtime.settings.realtime.max_frame_bytes + 1))
    await asyncio.wait_for(client.closed.wait(), 6)
    assert client.close_code == 1009


async def test_a_flood_is_refused_then_closed_while_others_are_served(live: Live) -> None:
    bystander = await live.client()
    await bystander.handshake()
    flooder = await live.client()
    await flooder.handshake()
    refused = 0
    for n in range(800):
        await flooder.send_raw(f'{{"event":"logTime","data":1,"cid":{n + 10}}}')
    while not flooder.closed.is_set():
        try:
            event = await flooder.next_event(timeout=2)
        except TimeoutError:
            break
        refused += "error" in event
    await asyncio.wait_for(flooder.closed.wait(), 3)
    assert refused > 0
    assert flooder.close_code == 1008
    assert (await bystander.invoke("#subscribe", {"channel": "settings"})) is None


async def test_too_many_subscriptions(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live.runtime.settings.realtime, "max_subscriptions", 1)
    client = await live.logged_in("assicurapp", "agente")
    await client.subscribe("settings")
    with pytest.raises(CallFailed, match="Troppe sottoscrizioni"):
        await client.subscribe("preventivi")


async def test_server_pings_and_closes_a_silent_socket_with_4001(live: Live) -> None:
    client = await live.client(answer_pings=False)
    await client.handshake()
    await asyncio.wait_for(client.closed.wait(), 6)
    assert client.pings >= 1
    assert client.close_code == 4001


async def test_answering_pings_keeps_the_socket_open(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    await asyncio.sleep(2.0)  # past the 1.5 s timeout, answering every ping
    assert client.pings >= 2
    assert not client.closed.is_set()


async def test_no_handshake_closes_with_4005(live: Live) -> None:
    client = await live.client()
    await asyncio.wait_for(client.closed.wait(), 6)
    assert client.close_code == 4005


@pytest.mark.parametrize(
    ("frame", "problem"),
    [('{"event": "login", "data": {"email": "a\\u0000@demo.it"}}', "carattere nullo"),
     ('{"event": "createQuote", "data": {"x": "\\udc00"}}', "Unicode non valido")],
)  # fmt: skip
async def test_unstorable_text_in_a_frame_is_a_protocol_error(
    live: Live, frame: str, problem: str
) -> None:
    """A frame without a call id (a call's is answered on it: ``test_call_edges``)."""
    client = await live.client()
    await client.handshake()
    await client.send_raw(frame)
    error = await client.next_event("#error")
    assert error["data"]["name"] == "ProtocolError"
    assert problem in error["data"]["message"]
    assert (await client.invoke("#subscribe", {"channel": "settings"})) is None  # still served
