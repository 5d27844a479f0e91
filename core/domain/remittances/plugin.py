"""Remittances to the companies (rimesse), registered through the same hooks plugins use:
the ``rimesse`` stream (admins), the calls, the routes, the models, the menu entry and their
words in the activity log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import audit_kinds as k
from core.db import models as m
from core.db.audit_kinds import AuditField as F
from core.db.audit_kinds import AuditPhrase as P
from core.db.audit_kinds import RecordKind
from core.domain.remittances import calls
from core.domain.remittances.controllers import (
    reconciliation_read,
    reconciliation_resolve,
    reconciliation_upload,
    remittance_figures,
    remittance_issue,
    remittance_list,
    remittance_pay,
    remittance_pdf,
    remittance_xlsx,
)
from core.domain.remittances.serialize import remittance_payload
from core.extensions import CallHandler, MenuEntry, Publication
from core.hookspecs import hookimpl

STATUSES = {"da_pagare": "Da pagare", "pagata": "Pagata"}


def _admin_receives(principal: Principal, _row: Mapping[str, Any]) -> bool:
    return principal.is_admin


REMITTANCES = Publication(
    "rimesse", perm.sees_cash_sheet, _admin_receives, m.Remittance, "r", remittance_payload
)
"""Every remittance issued, paid or reconciled, to the admins: what ``/api/rimesse`` lists."""

REMITTANCE_KIND = RecordKind(
    table="remittances", label="Rimesse", noun="la rimessa", created="ha emesso la rimessa",
    name=lambda row, _n: " ".join(
        part for part in (str(row.get("company") or ""), k.day(row.get("period_from")),
                          k.day(row.get("period_to"))) if part
    ),
    fields={
        "company": F("Compagnia"), "period_from": F("Dal", k.day), "period_to": F("Al", k.day),
        "gross": F("Lordo incassato", k.euro), "commission": F("Provvigioni trattenute", k.euro),
        "amount": F("Da rimettere", k.euro), "status": F("Stato", k.choice(STATUSES)),
        "paid_on": F("Pagata il", k.day), "method": F("Metodo"), "reference": F("Riferimento"),
        "open_differences": F("Differenze aperte"),
    },
    phrases=(P("status", "ha registrato il pagamento della rimessa"),),
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [REMITTANCES]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "rimesseCifre": calls.rimesse_cifre,
        "rimesse": calls.rimesse,
        "emettiRimessa": calls.emetti_rimessa,
        "pagaRimessa": calls.paga_rimessa,
        "riconciliazioneRimessa": calls.riconciliazione_rimessa,
        "risolviDifferenza": calls.risolvi_differenza,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        remittance_figures, remittance_list, remittance_issue, remittance_pay, remittance_pdf,
        remittance_xlsx, reconciliation_read, reconciliation_upload, reconciliation_resolve,
    ]  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Remittance, m.RemittanceReconciliation, m.ReconciliationLine]


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    return [REMITTANCE_KIND]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("rimesse", "/rimesse", "menu:rimesse", "cash-banknote", 92,
                      perm.sees_cash_sheet)]  # fmt: skip
