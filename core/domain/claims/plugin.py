"""Claims (sinistri), registered through the same hooks plugins use: the ``sinistri`` stream,
the calls, the routes (the customer's link page among them), the menu entry with its chip,
the model and its words in the activity log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import audit_kinds as k
from core.db import models as m
from core.db.audit_kinds import AuditField as F
from core.db.audit_kinds import AuditPhrase as P
from core.db.audit_kinds import RecordKind
from core.domain.claims.calls import aggiorna_sinistro, apri_sinistro
from core.domain.claims.controllers import (
    claim_detail,
    claim_open,
    claim_update,
    claims_list,
    claims_waiting_count,
)
from core.domain.claims.links import (
    create_link_sinistro,
    public_claim_open,
    public_claim_photos,
    public_claims_page,
)
from core.domain.claims.serialize import claim_payload
from core.domain.claims.statuses import RESPONSIBILITIES, STATUSES
from core.domain.quotes.plugin import works_records
from core.domain.quotes.queries import in_agent_tree
from core.extensions import CallHandler, MenuEntry, Publication
from core.hookspecs import hookimpl
from core.sync_loaders import rows_loader

CLAIMS = Publication(
    "sinistri", works_records, perm.record_visible, m.Claim, "p", claim_payload,
    sync=rows_loader(m.Claim, claim_payload, lambda who: in_agent_tree(who, m.Claim)),
)  # fmt: skip

CLAIM_KIND = RecordKind(
    table="claims", label="Sinistri", noun="il sinistro", created="ha aperto il sinistro",
    name=lambda row, _n: " ".join(
        part for part in (str(row.get("customer") or ""), k.day(row.get("event_date"))) if part
    ),
    fields={
        "status": F("Stato", k.choice(STATUSES)), "event_date": F("Data del sinistro", k.day),
        "known_on": F("Data di conoscenza", k.day), "place": F("Luogo"),
        "description": F("Descrizione"), "company_claim_number": F("Numero sinistro compagnia"),
        "reported_on": F("Denunciato il", k.day),
        "responsibility": F("Responsabilità", k.choice(RESPONSIBILITIES)),
        "reserve": F("Riserva", k.euro), "paid": F("Liquidato", k.euro),
        "third_party_claim_on": F("Richiesta del terzo", k.day),
    },
    phrases=(
        P("status", "ha cambiato lo stato del sinistro"),
        P("company_claim_number", "ha registrato il numero del sinistro", "set"),
    ),
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [CLAIMS]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "apriSinistro": apri_sinistro,
        "aggiornaSinistro": aggiorna_sinistro,
        "createLinkSinistro": create_link_sinistro,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        claims_list, claims_waiting_count, claim_detail, claim_open, claim_update,
        public_claims_page, public_claim_open, public_claim_photos,
    ]  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Claim]


@hookimpl
def audit_record_kinds() -> Sequence[RecordKind]:
    return [CLAIM_KIND]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "sinistri", "/sinistri", "menu:sinistri", "car-crash", 45, perm.sees_work,
            chip="sinistri",
        )
    ]  # fmt: skip
