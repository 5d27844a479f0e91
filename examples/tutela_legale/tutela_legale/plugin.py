"""Tutela legale (``tutela-legale``): the hooks that plug the line into Sportello."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from tutela_legale._core import (
    Call,
    DemoContext,
    MigrationSource,
    ProductLine,
    Publication,
    WebModule,
    hookimpl,
    perm,
)
from tutela_legale.models import Practice
from tutela_legale.practices import LINE, PUBLICATION, SAVE, save_practice
from tutela_legale.routes import router

HERE = Path(__file__).resolve().parent
REQUIRES_API = "2.0"
"""The plugin API this line is written for (:data:`core.api.API_VERSION`)."""
LABEL = "Tutela legale"
ICON = "shield-check"


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    # the one declaration of its label, icon and path (/LINE): its menu entry is built from it
    return [ProductLine(LINE, LABEL, ICON, menu_order=300, menu_visible=perm.sees_work)]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [Practice]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource("tutela_legale", HERE / "migrations")


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    return {SAVE: Call(save_practice, product=LINE)}


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [PUBLICATION]


@hookimpl
def web_module() -> WebModule:
    return WebModule(name="tutela_legale", product=LINE, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from tutela_legale.demo import seed_practices

    await seed_practices(ctx)
