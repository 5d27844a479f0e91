"""Products, registered through the same hooks plugins use: the catalogue's routes, the
``products`` stream and the menu entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.products.controllers import ProductController
from core.domain.settings.payload import product_payload
from core.extensions import MenuEntry, Publication
from core.hookspecs import hookimpl


def _anyone(_principal: Principal) -> bool:
    return True


def product_visible(principal: Principal, product: Mapping[str, Any]) -> bool:
    """As ``GET /api/products``: inactive products only for admins and responsabili."""
    return product.get("active") is not False or perm.sees_products(principal)


# Subscribed without waiting for the login (SPEC §7); events reach logged-in sockets only.
PRODUCTS = Publication(
    "products", _anyone, product_visible, m.Product, "p", product_payload, public=True
)


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [PRODUCTS]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [ProductController]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Product]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("prodotti", "/prodotti", "menu:prodotti", "package", 70, perm.sees_products)]
