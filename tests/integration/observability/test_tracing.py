"""OpenTelemetry traces: off by default (nothing built, no spans); on, an HTTP request, a
socket call and the database queries inside them each leave a span named for what it did."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar.testing import AsyncTestClient
from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from core.app import create_app
from core.observability import tracing
from core.runtime import Runtime
from core.settings import Settings
from core.testing.client import ScClient
from core.testing.database import seed_or_restore
from core.testing.live import Served

HOST = "assicurapp.localhost"


@pytest.fixture
def exported(monkeypatch: pytest.MonkeyPatch) -> Iterator[InMemorySpanExporter]:
    """The spans an app with tracing on exports (in memory instead of over OTLP)."""
    memory = InMemorySpanExporter()
    monkeypatch.setattr(tracing, "exporter", lambda: memory)
    yield memory
    memory.shutdown()


def traced(settings: Settings) -> Settings:
    observability = settings.observability.model_copy(update={"otel_enabled": True})
    return settings.model_copy(update={"observability": observability})


def named(spans: tuple[ReadableSpan, ...], name: str) -> list[ReadableSpan]:
    return [span for span in spans if span.name == name]


def queries(spans: tuple[ReadableSpan, ...]) -> list[ReadableSpan]:
    return [span for span in spans if span.attributes and "db.statement" in span.attributes]


def statement(span: ReadableSpan) -> str:
    return str((span.attributes or {}).get("db.statement", ""))


async def test_off_by_default_nothing_is_built_and_nothing_traced(
    settings: Settings, runtime: Runtime, exported: InMemorySpanExporter
) -> None:
    assert settings.observability.otel_enabled is False
    assert tracing.Tracing.build(settings) is None
    app = create_app(settings, pm=runtime.pm, migrate=False, seed=False)
    assert not any(type(p).__name__ == "OpenTelemetryPlugin" for p in app.plugins)
    async with AsyncTestClient(app, base_url=f"http://{HOST}") as client:
        assert (await client.get("/readyz")).status_code == 200
        assert tracing.traced_call("login") is tracing.traced_call("save")  # the shared no-op
        assert not SQLAlchemyInstrumentor().is_instrumented_by_opentelemetry
    assert exported.get_finished_spans() == ()


async def test_a_request_and_its_queries_are_spans_named_by_route(
    settings: Settings, runtime: Runtime, exported: InMemorySpanExporter
) -> None:
    app = create_app(traced(settings), pm=runtime.pm, migrate=False, seed=False)
    async with AsyncTestClient(app, base_url=f"http://{HOST}") as client:
        assert (await client.get("/readyz")).status_code == 200
        for name in ("one.png", "two.png"):
            await client.get(f"/tenant-assets/{name}")
    spans = exported.get_finished_spans()
    (ready,) = named(spans, "GET /readyz")
    assert len(named(spans, "GET /tenant-assets/{name}")) == 2  # one name for every asset
    assert not [span for span in spans if "one.png" in span.name]
    (select,) = [span for span in queries(spans) if statement(span) == "SELECT 1"]
    assert select.name.startswith("SELECT")
    assert select.context.trace_id == ready.context.trace_id  # the query inside the request
    assert select.resource.attributes.get("service.name") == "sportello"

    # the app stopped: nothing is traced any more, by it or by the next app with tracing off
    assert tracing.traced_call("login") is tracing.traced_call("save")
    assert not SQLAlchemyInstrumentor().is_instrumented_by_opentelemetry
    exported.clear()
    off = create_app(settings, pm=runtime.pm, migrate=False, seed=False)
    async with AsyncTestClient(off, base_url=f"http://{HOST}") as client:
        assert (await client.get("/readyz")).status_code == 200
    assert exported.get_finished_spans() == ()


async def test_a_socket_call_is_a_span_holding_its_queries(
    settings: Settings, runtime: Runtime, exported: InMemorySpanExporter
) -> None:
    await seed_or_restore(settings, runtime)
    app = create_app(traced(settings), pm=runtime.pm, migrate=False, seed=False)
    served = await Served.start(app)
    try:
        client = await ScClient.open(served.port, HOST)
        await client.handshake()
        await client.login("agente@demo.it")
        await client.close()
    finally:
        await served.stop()
    spans = exported.get_finished_spans()
    (login,) = named(spans, "socket login")
    assert (login.attributes or {}).get("rpc.method") == "login"
    inside = [span for span in queries(spans) if span.context.trace_id == login.context.trace_id]
    assert any("users" in statement(span) for span in inside)
    assert not named(spans, "socket #handshake")  # protocol events are not calls
    assert not [span for span in spans if "socketcluster" in span.name]  # no endless span
