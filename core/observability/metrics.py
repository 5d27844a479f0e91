"""The process's Prometheus metrics, defined once at import (apps built later share them).

Every label has a bounded set of values: routes are route templates, channels registered
publications, reasons and outcomes fixed words. Each worker process is scraped on its own
(no multiprocess mode).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
SYNC_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

HTTP_REQUESTS = Counter(
    "sportello_http_requests_total",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
HTTP_DURATION = Histogram(
    "sportello_http_request_duration_seconds",
    "Time from a request's arrival to the end of its response, by method and route template.",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
SOCKETS_OPEN = Gauge(
    "sportello_sockets_open",
    "Realtime sockets this process holds open, by tenant.",
    ["tenant"],
    registry=REGISTRY,
)
FANOUT_LATENCY = Histogram(
    "sportello_fanout_latency_seconds",
    "Time from a change's publication on the bus to its frames being queued on this "
    "process's sockets.",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
OUTBOX_CLOSES = Counter(
    "sportello_outbox_closes_total",
    "Sockets closed as too slow: outbox over its bound (overflow) or a frame not written "
    "in time (send_timeout).",
    ["reason"],
    registry=REGISTRY,
)
BUS_RECONNECTS = Counter(
    "sportello_bus_reconnects_total",
    "Times the bus was reconnected after breaking or going silent.",
    registry=REGISTRY,
)
SYNC_DURATION = Histogram(
    "sportello_sync_duration_seconds",
    "Time a getDbData stream takes to read and send, by channel.",
    ["channel"],
    buckets=SYNC_BUCKETS,
    registry=REGISTRY,
)
LOGINS = Counter(
    "sportello_logins_total",
    "Password logins, by outcome.",
    ["outcome"],
    registry=REGISTRY,
)
PUSH_QUEUE_DEPTH = Gauge(
    "sportello_push_queue_depth",
    "Web pushes waiting to be sent.",
    registry=REGISTRY,
)

OUTBOX_REASONS = ("overflow", "send_timeout")
LOGIN_OUTCOMES = ("ok", "wrong_credentials", "suspended", "locked", "throttled", "error")
for _reason in OUTBOX_REASONS:
    OUTBOX_CLOSES.labels(_reason)
for _outcome in LOGIN_OUTCOMES:
    LOGINS.labels(_outcome)


def count_sockets(tenant_id: str, count: int) -> None:
    """The hub holds ``count`` sockets of ``tenant_id`` now."""
    SOCKETS_OPEN.labels(tenant_id).set(count)


def count_slow_close(timed_out: bool) -> None:
    """A socket was closed as too slow: a frame not written in time, or its outbox full."""
    OUTBOX_CLOSES.labels("send_timeout" if timed_out else "overflow").inc()


@contextmanager
def timed_fanout(published_at: object) -> Iterator[None]:
    """Time a change's delivery: since ``published_at`` (epoch seconds, set by the publisher)
    when the message carries it, else the hub's own handling."""
    started = time.perf_counter()
    yield
    if isinstance(published_at, int | float) and not isinstance(published_at, bool):
        FANOUT_LATENCY.observe(max(0.0, time.time() - published_at))
    else:
        FANOUT_LATENCY.observe(time.perf_counter() - started)


def count_login(outcome: str) -> None:
    LOGINS.labels(outcome if outcome in LOGIN_OUTCOMES else "error").inc()
