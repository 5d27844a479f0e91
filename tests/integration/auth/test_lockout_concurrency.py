"""Parallel guesses share one count: no more than the limit are ever checked."""

from __future__ import annotations

import asyncio
from collections import Counter

from core.runtime import Runtime
from core.testing import ClientFactory


async def test_a_parallel_burst_cannot_exceed_the_limit(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    limit = seeded.settings.auth.login_max_failures

    async def guess(n: int) -> int:
        response = await client.post(
            "/api/auth/login", json={"email": "agente@demo.it", "password": f"tentativo-{n}"}
        )
        return response.status_code

    statuses = Counter(await asyncio.gather(*(guess(n) for n in range(30))))
    assert statuses[401] <= limit
    assert statuses[401] + statuses[429] == 30  # never a 500
    right = await client.post(
        "/api/auth/login", json={"email": "agente@demo.it", "password": "demo1234"}
    )
    assert right.status_code == 429


async def test_a_burst_of_right_passwords_never_locks(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")

    async def login() -> int:
        response = await client.post(
            "/api/auth/login", json={"email": "agente@demo.it", "password": "demo1234"}
        )
        return response.status_code

    statuses = Counter(await asyncio.gather(*(login() for _ in range(20))))
    assert statuses[200] >= 1
    assert set(statuses) <= {200, 429}  # extra in-flight attempts wait their turn
    assert await login() == 200  # and the account is not locked
