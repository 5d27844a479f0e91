"""The address a request or socket comes from, for per-address limits.

Behind a reverse proxy every connection comes from the proxy, so the proxy's
``X-Forwarded-For`` is believed only when the peer is one of ``TRUSTED_PROXIES``; the
client is then the right-most address in that header that is not itself a trusted proxy.
Anyone else's ``X-Forwarded-For`` is ignored (it is written by the client).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from litestar.connection import ASGIConnection

from core.settings import Settings

UNKNOWN = "unknown"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=32)
def trusted_networks(spec: str) -> tuple[Network, ...]:
    """``"127.0.0.1, 10.0.0.0/8"`` → networks; a bad entry stops start-up with its name."""
    networks: list[Network] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError as exc:
            raise ValueError(f"TRUSTED_PROXIES: indirizzo non valido {part!r}") from exc
    return tuple(networks)


def _trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(peer: str | None, headers: Mapping[str, str], trusted_proxies: str) -> str:
    """The client's address: ``peer``, or what a trusted proxy says it forwarded for."""
    address = (peer or "").strip() or UNKNOWN
    networks = trusted_networks(trusted_proxies)
    if not networks or not _trusted(address, networks):
        return address
    forwarded = [a.strip() for a in (headers.get("x-forwarded-for") or "").split(",")]
    for hop in reversed([a for a in forwarded if a]):
        if not _trusted(hop, networks):
            return hop if _parses(hop) else address
    return address


def _parses(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def address_of(connection: ASGIConnection[Any, Any, Any, Any], settings: Settings) -> str:
    """The client address of an HTTP request or a websocket."""
    peer = connection.client.host if connection.client else None
    return client_address(peer, connection.headers, settings.app.trusted_proxies)
