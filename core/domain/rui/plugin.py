"""RUI registration and yearly training of collaborators (Reg. IVASS 40/2018), registered
through the same hooks plugins use: the routes, the ``ruiFormazione`` call, the models, the
year-end alerts job, the demo data, the activity log's words and the menu entry."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import audit_kinds as k
from core.db import models as m
from core.db.audit_kinds import AuditField as F
from core.db.audit_kinds import RecordKind
from core.domain.rui.alerts import TRAINING_ALERTS_JOB
from core.domain.rui.calls import rui_formazione
from core.domain.rui.controllers import (
    rui_intermediary,
    rui_intermediary_save,
    rui_list,
    rui_training_add,
    rui_training_remove,
    rui_user,
    rui_user_save,
)
from core.domain.rui.demo import seed_rui
from core.domain.rui.rules import SECTIONS
from core.extensions import CallHandler, DemoContext, Job, MenuEntry
from core.hookspecs import hookimpl

RUI_KIND = RecordKind(
    table="rui_registrations", label="Iscrizioni RUI", noun="l'iscrizione RUI",
    created="ha registrato l'iscrizione RUI",
    name=lambda row, _n: str(row.get("number") or ""),
    fields={
        "section": F("Sezione", k.choice(SECTIONS)), "number": F("Numero"),
        "registered_on": F("Data di iscrizione", k.day), "ended_on": F("Cancellata il", k.day),
        "intermediary_name": F("Intermediario"),
        "intermediary_number": F("Numero dell'intermediario"),
    },
)  # fmt: skip
TRAINING_KIND = RecordKind(
    table="training_entries", label="Formazione", noun="il corso", created="ha registrato il corso",
    name=lambda row, _n: str(row.get("title") or ""),
    fields={"day": F("Data", k.day), "hours": F("Ore"), "title": F("Titolo"),
            "provider": F("Ente")},
)  # fmt: skip


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"ruiFormazione": rui_formazione}


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        rui_list, rui_intermediary, rui_intermediary_save, rui_user, rui_user_save,
        rui_training_add, rui_training_remove,
    ]  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.RuiRegistration, m.TrainingEntry, m.TrainingAlert]


@hookimpl
def seed_demo_data(ctx: DemoContext) -> Awaitable[None]:
    return seed_rui(ctx)


@hookimpl
def register_jobs() -> Sequence[Job]:
    return [TRAINING_ALERTS_JOB]


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    return [RUI_KIND, TRAINING_KIND]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("rui", "/rui", "menu:rui", "certificate", 88, perm.sees_rui)]
