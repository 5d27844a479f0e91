"""Realtime, registered through the same hooks plugins use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler

from core.extensions import CallHandler, Publication
from core.hookspecs import hookimpl
from core.realtime.publications import CORE_PUBLICATIONS
from core.realtime.server import socketcluster


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [socketcluster]


@hookimpl
def register_publications() -> Sequence[Publication]:
    return CORE_PUBLICATIONS


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    from core.realtime.calls import CORE_CALLS

    return CORE_CALLS
