"""OpenTelemetry traces, off by default (``OTEL_ENABLED``): HTTP requests (Litestar's
plugin), socket calls (:func:`traced_call`) and database queries (SQLAlchemy's
instrumentation), exported over OTLP/HTTP to ``OTEL_EXPORTER_OTLP_ENDPOINT``.

Off, nothing is built: no provider, no exporter thread, and :func:`traced_call` checks one
module flag. On, the app holds its :class:`Tracing` from its creation; each start of the app
points the socket calls and its engine at it, each stop detaches them.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litestar.enums import ScopeType
from litestar.types import Scope

if TYPE_CHECKING:
    from litestar.plugins.opentelemetry import OpenTelemetryPlugin
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Tracer
    from sqlalchemy.ext.asyncio import AsyncEngine

    from core.settings import Settings

_tracer: Tracer | None = None
"""Set while an app with tracing on is started: socket calls open spans with it."""
_OFF: AbstractContextManager[None] = nullcontext()
UNMATCHED = "unmatched"


def exporter() -> SpanExporter:
    """Where spans go: OTLP over HTTP, configured by the standard ``OTEL_EXPORTER_OTLP_*``
    environment variables (a test substitutes an in-memory exporter here)."""
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return OTLPSpanExporter()


@dataclass(frozen=True, slots=True)
class Tracing:
    """One app's tracer provider and its HTTP plugin."""

    provider: TracerProvider
    plugin: OpenTelemetryPlugin

    @classmethod
    def build(cls, settings: Settings) -> Tracing | None:
        """The app's tracing, or ``None`` when ``OTEL_ENABLED`` is off."""
        if not settings.observability.otel_enabled:
            return None
        from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
        from opentelemetry.sdk.resources import SERVICE_NAME, Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        resource = Resource.create({SERVICE_NAME: settings.observability.otel_service_name})
        provider = TracerProvider(resource=resource)
        provider.add_span_processor(BatchSpanProcessor(exporter()))
        config = OpenTelemetryConfig(
            tracer_provider=provider,
            scopes={ScopeType.HTTP},  # a socket's calls have their own spans, not one endless
            exclude_spans=["receive", "send"],
            scope_span_details_extractor=span_details,
        )
        return cls(provider, OpenTelemetryPlugin(config))

    def start(self, engine: AsyncEngine) -> None:
        """Trace socket calls and ``engine``'s queries (the app starts)."""
        global _tracer
        from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

        instrumentor = SQLAlchemyInstrumentor()
        if instrumentor.is_instrumented_by_opentelemetry:  # another app's engine, in tests
            instrumentor.uninstrument()
        # it declares SQLAlchemy < 2.1 only, yet the engine events it listens to are the same
        # in 2.1 (tests/integration/observability/test_tracing.py checks its spans)
        instrumentor.instrument(
            engine=engine.sync_engine, tracer_provider=self.provider, skip_dep_check=True
        )
        _tracer = self.provider.get_tracer("sportello.realtime")

    def stop(self) -> None:
        """Stop tracing calls and queries, and send what is buffered (the app stops)."""
        global _tracer
        from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

        _tracer = None
        instrumentor = SQLAlchemyInstrumentor()
        if instrumentor.is_instrumented_by_opentelemetry:
            instrumentor.uninstrument()
        self.provider.force_flush()


def traced_call(name: str) -> AbstractContextManager[Any]:
    """A span ``socket <name>`` around one socket call; nothing when tracing is off."""
    if _tracer is None:
        return _OFF
    return _tracer.start_as_current_span(f"socket {name}", attributes={"rpc.method": name})


def span_details(scope: Scope) -> tuple[str, dict[str, Any]]:
    """A request span's name and route: ``GET /api/clients/{client_id:str}``, the route's
    template rather than the path (one name for every id)."""
    method = str(scope.get("method", ""))
    route = _route_template(scope)
    return f"{method} {route}".strip(), {"http.route": route}


def _route_template(scope: Scope) -> str:
    from litestar.utils import normalize_path

    try:
        router = scope["litestar_app"].asgi_router
        return str(router.handle_routing(normalize_path(scope["path"]), scope.get("method"))[4])
    except Exception:  # no route: not found or method not allowed
        return UNMATCHED
