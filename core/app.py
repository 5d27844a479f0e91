"""The app factory: one Litestar app serving every tenant."""

from __future__ import annotations

import gc
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager

import pluggy
import structlog
from litestar import Litestar
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from sqlalchemy import text

from core.db.migrate import upgrade
from core.db.rls import check_app_role
from core.http.deps import DEPENDENCIES
from core.http.errors import EXCEPTION_HANDLERS
from core.http.input_guard import input_guard
from core.http.middleware import TenantMiddleware
from core.http.security_headers import security_headers
from core.jobs import JobRunner
from core.logging import configure_logging
from core.observability.http import Observed
from core.observability.tracing import Tracing
from core.plugins import flatten
from core.push.keys import ensure_push_keys
from core.runtime import Runtime
from core.settings import Settings, get_settings

log = structlog.get_logger(__name__)


def create_app(
    settings: Settings | None = None,
    *,
    pm: pluggy.PluginManager | None = None,
    migrate: bool | None = None,
    seed: bool | None = None,
) -> Litestar:
    """Build the app: plugins and tenants load now; migrations and demo data run at start.

    Everything serving requests reads the runtime from ``app.state.runtime``.
    """
    settings = settings or get_settings()
    configure_logging(settings)
    settings.signing_key()  # a missing or weak key in production stops start-up here
    runtime = Runtime.build(settings, pm)
    tracing = Tracing.build(settings)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncGenerator[None, None]:
        runtime: Runtime = app.state.runtime  # the app's, read at each start
        if migrate if migrate is not None else settings.app.migrate_on_start:
            await upgrade(settings, runtime.pm)
        async with runtime.db.engine.connect() as conn:
            await conn.run_sync(check_app_role)
            await conn.execute(text("SELECT 1"))
        if tracing is not None:
            tracing.start(runtime.db.engine)
        await runtime.bus.connect()
        await runtime.hub.start()
        await runtime.push.start()
        if seed if seed is not None else settings.seeds_demo:
            from core.demo.seed import seed_demo

            await seed_demo(runtime)
        await ensure_push_keys(runtime.db, [tenant.id for tenant in runtime.tenants])
        jobs = JobRunner(runtime, flatten(runtime.pm.hook.register_jobs()))
        if settings.app.daily_jobs:
            jobs.start()
        log.info("app.started", tenants=[t.id for t in runtime.tenants], db=runtime.db.dialect)
        if settings.app.freeze_heap:
            gc.collect()
            gc.freeze()  # the start-up heap stays out of every later full collection
        try:
            yield
        finally:
            if settings.app.freeze_heap:
                gc.unfreeze()
            await jobs.stop()
            await runtime.push.stop()
            await runtime.hub.stop()
            await runtime.bus.disconnect()
            await runtime.db.dispose()
            if tracing is not None:
                tracing.stop()

    app = Litestar(
        route_handlers=flatten(runtime.pm.hook.register_routes()),
        dependencies=DEPENDENCIES,
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[TenantMiddleware, input_guard(settings.app.max_body_bytes)],
        before_send=[security_headers(settings.is_production)],
        lifespan=[lifespan],
        state=State({"runtime": runtime}),
        request_max_body_size=settings.app.max_body_bytes,
        openapi_config=OpenAPIConfig(
            title="Sportello",
            version=settings.app.build,
            path="/schema",
            render_plugins=[SwaggerRenderPlugin()],
        ),
        plugins=[tracing.plugin] if tracing is not None else [],
        logging_config=None,
        debug=False,
    )
    token = settings.observability.metrics_token.get_secret_value()
    app.asgi_handler = Observed(app.asgi_handler, token)  # outermost: sees unmatched paths
    return app
