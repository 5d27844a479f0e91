"""The top bar's search, registered through the same hooks plugins use: the ``cerca`` call
and ``GET /api/cerca``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler

from core.domain.search.calls import cerca
from core.domain.search.controllers import search_all
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"cerca": cerca}


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [search_all]
