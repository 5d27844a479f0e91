"""A live server in the test's event loop, and HTTP clients that reach it over TCP.

Requests sent together through these clients run at the same time on the server, each in a
session and connection of its own (the in-process test client serves one request at a time).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import httpx
import pytest

from core.runtime import Runtime
from core.settings import Settings
from core.testing import Live, bearer, serving, token_for

T = TypeVar("T")


@dataclass
class LiveHttp:
    live: Live

    @property
    def runtime(self) -> Runtime:
        return self.live.runtime

    def client(self, tenant: str, headers: dict[str, str] | None = None) -> httpx.AsyncClient:
        host = self.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
        return httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{self.live.port}",
            headers={"host": host, **(headers or {})},
            timeout=60,
        )

    async def as_user(self, tenant: str, email: str) -> httpx.AsyncClient:
        """A client carrying ``email``'s login token."""
        return self.client(tenant, bearer(await token_for(self.runtime, tenant, email)))


async def at_once(calls: Iterable[Awaitable[T]]) -> list[T]:
    """Every call started together; their answers in order."""
    return list(await asyncio.gather(*calls))


@pytest.fixture
async def server(settings: Settings, runtime: Runtime) -> AsyncIterator[LiveHttp]:
    async with serving(settings, runtime) as live:
        yield LiveHttp(live)


__all__ = ["LiveHttp", "at_once"]
