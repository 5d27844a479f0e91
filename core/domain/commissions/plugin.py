"""Commissions and balances, registered through the same hooks plugins use: the balance
ledger's routes and calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler

from core.domain.commissions import calls
from core.domain.commissions.controllers import BalanceController
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "saldoCollaboratore": calls.saldo_collaboratore,
        "registraMovimento": calls.registra_movimento,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [BalanceController]
