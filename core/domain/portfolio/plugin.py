"""Portfolio import and export (``/importa``), registered through the same hooks plugins
use: the routes, the models and the menu entry."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.portfolio.controllers import (
    portfolio_export,
    portfolio_fields,
    portfolio_headers,
    portfolio_import,
    portfolio_job,
    portfolio_report,
    portfolio_source_save,
)
from core.extensions import MenuEntry
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        portfolio_fields, portfolio_source_save, portfolio_headers, portfolio_import,
        portfolio_job, portfolio_report, portfolio_export,
    ]  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.ImportSource, m.ImportKey, m.ImportJob]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("importa", "/importa", "menu:importa", "file-import", 94,
                      perm.imports_portfolio)]  # fmt: skip
