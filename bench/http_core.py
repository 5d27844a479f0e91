"""HTTP core: latency and throughput of tenant resolution, token checks and scoped reads.

In-process (ASGI, no network), on a throwaway SQLite database with the demo data, so the
figures measure the app, not the socket stack. Usage: ``python -m bench``.
"""

from __future__ import annotations

import itertools
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "2000"))
CONCURRENCY = int(os.environ.get("BENCH_CONCURRENCY", "20"))
DEMO_ACCOUNTS = ("admin", "responsabile", "agente", "subagente", "dipendente", "segnalatore")


def _prepare_env() -> Path:
    data = Path(tempfile.mkdtemp(prefix="sportello-bench-"))
    os.environ.update(
        ENVIRONMENT="test",
        DATA_DIR=str(data),
        DATABASE_URL=f"sqlite+aiosqlite:///{data / 'bench.db'}",
        SECRET_KEY="bench-secret-key-long-enough-for-hs256-signing",
        LOG_LEVEL="WARNING",
    )
    return data


async def _measure(
    name: str, call: Callable[[], Awaitable[httpx.Response]], total: int
) -> tuple[str, int, float, float, float]:
    import asyncio

    latencies: list[float] = []
    remaining = total

    async def worker() -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            start = time.perf_counter()
            response = await call()
            latencies.append(time.perf_counter() - start)
            if response.status_code >= 400:
                raise RuntimeError(f"{name}: {response.status_code} {response.text[:200]}")

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    elapsed = time.perf_counter() - began
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    return name, len(latencies), p50, p99, len(latencies) / elapsed


async def run() -> None:
    _prepare_env()
    from core.app import create_app
    from core.db.migrate import upgrade
    from core.demo.seed import seed_demo

    app = create_app(migrate=False, seed=False)
    runtime = app.state.runtime
    await upgrade(runtime.settings, runtime.pm)
    await seed_demo(runtime)
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://assicurapp.localhost") as c:
        login = await c.post(
            "/api/auth/login", json={"email": "agente@demo.it", "password": "demo1234"}
        )
        token = login.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        # spread logins over the six demo accounts: a burst on one account is throttled
        emails = itertools.cycle(f"{who}@demo.it" for who in DEMO_ACCOUNTS)
        rows = [
            await _measure("GET /healthz", lambda: c.get("/healthz"), REQUESTS),
            await _measure("GET /api/tenant", lambda: c.get("/api/tenant"), REQUESTS),
            await _measure(
                "GET /api/auth/me", lambda: c.get("/api/auth/me", headers=auth), REQUESTS
            ),
            await _measure(
                "GET /api/noleggio-auto/preventivi",
                lambda: c.get("/api/noleggio-auto/preventivi", headers=auth),
                REQUESTS,
            ),
            await _measure(
                "POST /api/auth/login (argon2)",
                lambda: c.post(
                    "/api/auth/login", json={"email": next(emails), "password": "demo1234"}
                ),
                max(REQUESTS // 20, 20),
            ),
        ]
    await runtime.db.dispose()
    print(f"\nHTTP core, in-process ASGI, SQLite, concurrency {CONCURRENCY}\n")
    print(f"{'route':<36} {'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8}")
    print("-" * 70)
    for name, n, p50, p99, rps in rows:
        print(f"{name:<36} {n:>6} {p50:>8.2f} {p99:>8.2f} {rps:>8.0f}")
