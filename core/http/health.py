"""Liveness and readiness."""

from __future__ import annotations

from litestar import Response, get
from sqlalchemy import text

from core.http.deps import RuntimeDep


@get("/healthz", summary="Liveness", tags=["health"], sync_to_thread=False)
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@get("/readyz", summary="Readiness: database and bus reachable", tags=["health"])
async def readyz(runtime: RuntimeDep) -> Response[dict[str, str]]:
    checks: dict[str, str] = {}
    try:
        async with runtime.db.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        checks["database"] = "ok"
    except Exception as exc:  # readiness reports, it does not crash
        checks["database"] = f"errore: {type(exc).__name__}"
    checks["bus"] = "ok" if await runtime.bus.ping() else "errore"
    ready = all(value == "ok" for value in checks.values())
    return Response(
        {"status": "ok" if ready else "errore", **checks}, status_code=200 if ready else 503
    )
