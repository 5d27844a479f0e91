"""Tenant settings, registered through the same hooks plugins use: the ``settings`` stream,
the product-line switch, the defaults and the menu entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.audit_kinds import RecordKind
from core.domain.policies.issue_checks import DEFAULT_MAX_PAST_DAYS, MAX_PAST_SETTING
from core.domain.settings.activity_kinds import CORE_KINDS
from core.domain.settings.calls import save_settings_call
from core.domain.settings.controllers import (
    activity_kinds,
    activity_log,
    product_lines,
    put_settings,
    tenant_logo,
    toggle_product,
    upload_logo,
)
from core.extensions import CallHandler, MenuEntry, Publication
from core.hookspecs import hookimpl


def _anyone(_principal: Principal, _item: Mapping[str, Any] | None = None) -> bool:
    return True


def _changed(settings: m.TenantSettings) -> dict[str, Any]:
    return {"_id": settings.id}


# A settings change says only that they changed: clients read them again with tokenLogin.
SETTINGS = Publication("settings", _anyone, _anyone, m.TenantSettings, "s", _changed, public=True)


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [SETTINGS]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        toggle_product,
        product_lines,
        put_settings,
        upload_logo,
        tenant_logo,
        activity_log,
        activity_kinds,
    ]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"salvaImpostazioni": save_settings_call}


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    return CORE_KINDS


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.TenantSettings]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "impostazioni", "/impostazioni", "menu:impostazioni", "settings", 100,
            perm.sees_settings,
        )
    ]  # fmt: skip


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
        MAX_PAST_SETTING: DEFAULT_MAX_PAST_DAYS,
    }
