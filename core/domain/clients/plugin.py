"""Clients, registered through the same hooks plugins use (importing it links clients)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

import core.domain.clients.derive  # noqa: F401  (registers the client upsert on every flush)
from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.clients.controllers import (
    clients_change,
    clients_detail,
    clients_list,
    fiscal_code_facts,
)
from core.extensions import MenuEntry, Publication
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [clients_list, clients_detail, clients_change, fiscal_code_facts]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Client]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry("clienti", "/clienti", "menu:clienti", "address-book", 110, perm.sees_clients)
    ]


def _client_event(client: m.Client) -> dict[str, Any]:
    """What a client's change tells the screens: which client, to read it again."""
    return {"_id": client.id, "tree": client.owner_agent_id}


def _hears(principal: Principal, event: Mapping[str, Any]) -> bool:
    """Managers hear every client; an agent those of the tree it heads."""
    scope = perm.agent_scope(principal)
    tree = scope.parent_agent_id
    return scope.all or (tree is not None and event.get("tree") == tree)


CLIENTS = Publication("clienti", perm.sees_clients, _hears, m.Client, "c", _client_event)
"""A client changed: the list and detail pages read it again (no data beyond its id)."""


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [CLIENTS]
