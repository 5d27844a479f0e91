"""Commissions, balances and the cash sheet, registered through the same hooks plugins use:
their routes, their socket twins and the closed days' model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core.db import models as m
from core.domain.commissions import calls
from core.domain.commissions.controllers import BalanceController, CashController, ReportController
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "reportProvvigioni": calls.report_call,
        "provvigioniAgente": calls.agent_lines_call,
        "saldoCollaboratore": calls.saldo_collaboratore,
        "registraMovimento": calls.registra_movimento,
        "cassa": calls.cash_call,
        "chiudiCassa": calls.close_day_call,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [ReportController, BalanceController, CashController]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.CashDay]
