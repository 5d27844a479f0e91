"""Clients, registered through the same hooks plugins use (importing it links clients)."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler

import core.domain.clients.derive  # noqa: F401  (registers the client upsert on every flush)
from core.domain.clients.controllers import clients_detail, clients_list
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [clients_list, clients_detail]
