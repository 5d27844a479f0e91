"""Integrations waiting for a one-time code on this process: a code published on the bus
(``{"t", "otp": company, "code"}``) resolves every wait of that tenant and company."""

from __future__ import annotations

import asyncio
from collections import defaultdict

MAX_WAITS = 20
"""Waits at once per tenant and company (an integration asking again replaces nothing)."""


class TooManyWaits(RuntimeError):
    """More integrations wait for one company's code than :data:`MAX_WAITS`."""


class OtpWaits:
    def __init__(self) -> None:
        self._waits: dict[tuple[str, str], set[asyncio.Future[str]]] = defaultdict(set)

    def open(self, tenant_id: str, company: str) -> asyncio.Future[str]:
        waits = self._waits[(tenant_id, company)]
        if len(waits) >= MAX_WAITS:
            raise TooManyWaits(company)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        waits.add(future)
        return future

    def close(self, tenant_id: str, company: str, future: asyncio.Future[str]) -> None:
        waits = self._waits.get((tenant_id, company))
        if waits is not None:
            waits.discard(future)
            if not waits:
                del self._waits[(tenant_id, company)]

    def resolve(self, tenant_id: str, company: str, code: str) -> None:
        for future in self._waits.get((tenant_id, company), set()):
            if not future.done():
                future.set_result(code)
