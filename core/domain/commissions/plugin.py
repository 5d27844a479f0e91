"""Commissions, balances and the cash sheet, registered through the same hooks plugins use:
their routes, their socket twins, the ``saldo`` stream and the models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions import calls
from core.domain.commissions import summary as _summary  # noqa: F401 (its listeners keep it)
from core.domain.commissions.balance import entry_payload
from core.domain.commissions.controllers import (
    BalanceController,
    CashController,
    ReportController,
    TaxProfileController,
)
from core.extensions import CallHandler, Publication
from core.hookspecs import hookimpl


def _holds_balance(principal: Principal) -> bool:
    """Admins, and the users with a balance (agents without a parent, referrers)."""
    top_agent = principal.is_agent and principal.parent_agent_id is None
    return principal.is_admin or top_agent or principal.is_referrer


def _own_entry(principal: Principal, entry: Mapping[str, Any]) -> bool:
    return principal.is_admin or entry.get("userId") == principal.id


def _entry_event(entry: m.BalanceEntry) -> dict[str, Any]:
    return {**entry_payload(entry), "userId": entry.user_id}


BALANCE = Publication("saldo", _holds_balance, _own_entry, m.BalanceEntry, "b", _entry_event)
"""New ledger entries (collections, payouts, adjustments), each to its owner and admins:
what ``/api/saldo/{id}`` shows them."""


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [BALANCE]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "reportProvvigioni": calls.report_call,
        "provvigioniAgente": calls.agent_lines_call,
        "saldoCollaboratore": calls.saldo_collaboratore,
        "saldiCollaboratori": calls.saldi_collaboratori,
        "profiloFiscale": calls.profilo_fiscale,
        "salvaProfiloFiscale": calls.salva_profilo_fiscale,
        "registraMovimento": calls.registra_movimento,
        "cassa": calls.cash_call,
        "chiudiCassa": calls.close_day_call,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [ReportController, BalanceController, CashController, TaxProfileController]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.CashDay, m.CommissionMonth]
