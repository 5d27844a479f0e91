"""The platform under the areas: core's migrations, its own tables, the demo portfolio,
and the menu entries of areas still to come."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from pathlib import Path

from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.extensions import DemoContext, MenuEntry, MigrationSource
from core.hookspecs import hookimpl

# Entries of areas still to come (home page, money): each moves to its area's plugin when
# the area lands; the others are registered by their own areas.
CORE_MENU: tuple[MenuEntry, ...] = (
    MenuEntry("home", "/", "menu:home", "home", 20, perm.sees_home),
    MenuEntry("report", "/Report", "menu:report", "chart-bar", 60, perm.sees_work),
    MenuEntry(
        "saldo-collaboratore", "/saldo-collaboratore", "menu:saldo", "wallet", 80,
        perm.sees_balance,
    ),
    MenuEntry("cassa", "/cassa", "menu:cassa", "cash", 90, perm.sees_cash_sheet),
)  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    """The platform's own tables; each area registers its records' models."""
    return [m.AuditEntry, m.OutboxMail, m.Tombstone]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource(
        "core", Path(__file__).resolve().parent.parent / "db/migrations/versions"
    )


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return CORE_MENU


@hookimpl(tryfirst=True)
def seed_demo_data(ctx: DemoContext) -> Awaitable[None]:
    from core.demo.portfolio import seed_portfolio

    return seed_portfolio(ctx)
