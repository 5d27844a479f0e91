"""Dunning (solleciti) of unpaid instalments, registered through the same hooks plugins use:
the daily job, the reminder sent now (call and route), the model, the tenant's default plan
and the menu entry of the overdue list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.dunning.job import DUNNING_JOB
from core.domain.dunning.manual import invia_sollecito, reminder_now
from core.domain.dunning.plan import DEFAULT_OFFSETS, EMAIL_SETTING, OFFSETS_SETTING, PUSH_SETTING
from core.extensions import CallHandler, Job, MenuEntry
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"inviaSollecito": invia_sollecito}


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [reminder_now]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.DunningReminder]


@hookimpl
def register_jobs() -> Sequence[Job]:
    return [DUNNING_JOB]


@hookimpl(trylast=True)
def default_settings() -> Mapping[str, Any]:
    return {OFFSETS_SETTING: list(DEFAULT_OFFSETS), EMAIL_SETTING: True, PUSH_SETTING: True}


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "insolute", "/polizze/insolute", "menu:insolute", "alarm", 42, perm.sees_work,
        )
    ]  # fmt: skip
