"""Policies, registered through the same hooks plugins use: the ``polizze`` stream, the
emission and instalment calls, the customer's purchase and extension pages, the daily
renewals, the menu entry and the models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.policies.controllers import (
    instalment_update,
    policies_alert_count,
    policies_list,
    policy_detail,
)
from core.domain.policies.issue import emetti_polizza
from core.domain.policies.links import (
    create_link_polizza,
    public_extension,
    public_policy_page,
    public_purchase,
)
from core.domain.policies.overdue import overdue_instalments
from core.domain.policies.payments import aggiorna_rata
from core.domain.policies.renewals import DEFAULT_DAYS, RENEWALS_JOB
from core.domain.policies.serialize import policy_payload
from core.domain.policies.sync import sync_policies
from core.domain.quotes.plugin import works_records
from core.extensions import CallHandler, Job, MenuEntry, Publication
from core.hookspecs import hookimpl

POLICIES = Publication(
    "polizze", works_records, perm.record_visible, m.Policy, "p", policy_payload,
    sync=sync_policies,
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [POLICIES]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "emettiPolizza": emetti_polizza,
        "aggiornaRata": aggiorna_rata,
        "createLinkPolizza": create_link_polizza,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        policies_list, policies_alert_count, overdue_instalments, policy_detail,
        instalment_update,
        public_policy_page, public_purchase, public_extension,
    ]  # fmt: skip


@hookimpl
def register_jobs() -> Sequence[Job]:
    return [RENEWALS_JOB]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Policy, m.Instalment, m.RenewalRun]


@hookimpl(trylast=True)
def default_settings() -> Mapping[str, Any]:
    return {
        "pagamenti": {"bonifico": {"iban": "", "intestatario": ""}, "agenzia": True},
        "giorniRinnovo": DEFAULT_DAYS,
    }


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "polizze", "/polizze", "menu:polizze", "shield-check", 40, perm.sees_work,
            chip="polizze",
        )
    ]  # fmt: skip
