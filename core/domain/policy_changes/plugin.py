"""Policy changes (appendici and annullamenti), registered through the same hooks plugins
use: the ``appendici`` stream, the calls, the routes, the model and its words in the
activity log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import audit_kinds as k
from core.db import models as m
from core.db.audit_kinds import AuditField as F
from core.db.audit_kinds import RecordKind
from core.domain.policy_changes.calls import annulla_polizza, crea_appendice, storia_polizza
from core.domain.policy_changes.controllers import (
    cancellation_create,
    endorsement_create,
    policy_history_read,
)
from core.domain.policy_changes.reasons import KINDS, REASONS, SUBTYPES
from core.domain.policy_changes.serialize import change_payload
from core.domain.quotes.plugin import works_records
from core.domain.quotes.queries import in_agent_tree
from core.extensions import CallHandler, Publication
from core.hookspecs import hookimpl
from core.sync_loaders import rows_loader

CHANGES = Publication(
    "appendici", works_records, perm.record_visible, m.PolicyChange, "p", change_payload,
    sync=rows_loader(
        m.PolicyChange, change_payload, lambda who: in_agent_tree(who, m.PolicyChange)
    ),
)  # fmt: skip

CHANGE_KIND = RecordKind(
    table="policy_changes", label="Variazioni di polizza", noun="la variazione di polizza",
    created="ha registrato la variazione di polizza",
    name=lambda row, _n: " ".join(
        part for part in (KINDS.get(str(row.get("kind")), ""), k.day(row.get("effective_on")))
        if part
    ),
    fields={
        "kind": F("Tipo", k.choice(KINDS)),
        "subtype": F("Motivo", k.choice({**SUBTYPES, **REASONS})),
        "effective_on": F("Data di effetto", k.day), "description": F("Descrizione"),
        "total": F("Importo", k.euro), "net": F("Netto", k.euro), "tax": F("Imposte", k.euro),
    },
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [CHANGES]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "creaAppendice": crea_appendice,
        "annullaPolizza": annulla_polizza,
        "storiaPolizza": storia_polizza,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [endorsement_create, cancellation_create, policy_history_read]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.PolicyChange]


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    return [CHANGE_KIND]
