"""Core's own areas, registered on the plugin manager exactly like a plugin."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.extensions import DemoContext, MenuEntry, MigrationSource, StatusDef
from core.hookspecs import hookimpl

CORE_MENU: tuple[MenuEntry, ...] = (
    MenuEntry("utenti", "/utenti", "menu.utenti", "users", 10, perm.sees_users),
    MenuEntry("home", "/", "menu.home", "home", 20, perm.sees_home),
    MenuEntry(
        "preventivi", "/preventivi", "menu.preventivi", "file-text", 30, perm.sees_work,
        chip="preventivi",
    ),
    MenuEntry(
        "polizze", "/polizze", "menu.polizze", "shield-check", 40, perm.sees_work, chip="polizze"
    ),
    MenuEntry("chat", "/chat", "menu.chat", "messages", 50, perm.sees_work, chip="chat"),
    MenuEntry("report", "/Report", "menu.report", "chart-bar", 60, perm.sees_work),
    MenuEntry("prodotti", "/prodotti", "menu.prodotti", "package", 70, perm.sees_products),
    MenuEntry(
        "saldo-collaboratore", "/saldo-collaboratore", "menu.saldo", "wallet", 80,
        perm.sees_balance,
    ),
    MenuEntry("cassa", "/cassa", "menu.cassa", "cash", 90, perm.sees_cash_sheet),
    MenuEntry(
        "impostazioni", "/impostazioni", "menu.impostazioni", "settings", 100, perm.sees_settings
    ),
    MenuEntry("clienti", "/clienti", "menu.clienti", "address-book", 110, perm.sees_clients),
    MenuEntry(
        "nuova-quotazione", "/prodotti", "menu.nuovaQuotazione", "circle-plus", 120,
        perm.sees_nuova_quotazione,
    ),
    MenuEntry(
        "area-documentale", "/area-documentale", "menu.areaDocumentale", "folder", 130,
        perm.sees_documents,
    ),
)  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [
        m.User,
        m.BalanceEntry,
        m.Product,
        m.Client,
        m.Quote,
        m.Policy,
        m.Instalment,
        m.Chat,
        m.ChatMessage,
        m.ChatLastSeen,
        m.Document,
        m.TenantSettings,
        m.AuditEntry,
        m.LoginThrottle,
        m.SpentLink,
        m.OutboxMail,
        m.Tombstone,
        m.WebPushSubscription,
    ]


@hookimpl
def register_migrations() -> MigrationSource:
    return MigrationSource(
        "core", Path(__file__).resolve().parent.parent / "db/migrations/versions"
    )


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return CORE_MENU


@hookimpl(trylast=True)
def default_statuses() -> Sequence[StatusDef]:
    return perm.DEFAULT_STATUSES


@hookimpl(trylast=True)
def default_settings() -> Mapping[str, Any]:
    return {
        "frazionamenti": [
            {"name": "Annuale", "code": "ANN", "rate": 1},
            {"name": "Semestrale", "code": "SEM", "rate": 2},
            {"name": "Quadrimestrale", "code": "QUAD", "rate": 3},
            {"name": "Mensile", "code": "MEN", "rate": 12},
            {"name": "Unico", "code": "UNICO", "rate": 0},
        ],
        "compagnie": {},
        "rami": [],
        "slides": [],
        "plateInQuote": False,
    }


@hookimpl(tryfirst=True)
def seed_demo_data(ctx: DemoContext) -> Awaitable[None]:
    from core.demo.portfolio import seed_portfolio

    return seed_portfolio(ctx)
