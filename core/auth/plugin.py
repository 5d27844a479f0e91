"""Accounts, registered through the same hook plugins use."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler

from core.auth.controllers import AuthController, outbox
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [AuthController, outbox]
