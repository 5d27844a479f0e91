"""Clients, registered through the same hooks plugins use (importing it links clients)."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

import core.domain.clients.derive  # noqa: F401  (registers the client upsert on every flush)
from core import permissions as perm
from core.db import models as m
from core.domain.clients.controllers import clients_detail, clients_list
from core.extensions import MenuEntry
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [clients_list, clients_detail]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Client]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry("clienti", "/clienti", "menu:clienti", "address-book", 110, perm.sees_clients)
    ]
