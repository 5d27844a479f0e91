"""Which address a request counts against: the peer, or a trusted proxy's forwarded client."""

import pytest

from core.http.client_address import client_address

PROXY = "10.0.0.5"


def test_peer_is_the_client_when_no_proxy_is_trusted():
    assert client_address("203.0.113.9", {"x-forwarded-for": "1.2.3.4"}, "") == "203.0.113.9"


def test_forwarded_for_from_an_untrusted_peer_is_ignored():
    headers = {"x-forwarded-for": "1.2.3.4"}
    assert client_address("203.0.113.9", headers, "10.0.0.0/8") == "203.0.113.9"


def test_trusted_proxy_gives_the_rightmost_untrusted_hop():
    headers = {"x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9"}
    assert client_address(PROXY, headers, "10.0.0.0/8") == "198.51.100.7"


def test_trusted_proxy_without_header_is_the_client():
    assert client_address(PROXY, {}, "10.0.0.5") == PROXY


def test_garbage_in_forwarded_for_falls_back_to_the_peer():
    assert client_address(PROXY, {"x-forwarded-for": "not-an-ip"}, "10.0.0.5") == PROXY


def test_missing_peer_is_unknown():
    assert client_address(None, {}, "") == "unknown"


def test_bad_trusted_proxy_setting_is_refused_with_its_value():
    with pytest.raises(ValueError, match="nope"):
        client_address(PROXY, {}, "nope")
