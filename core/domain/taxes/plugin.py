"""Insurance taxes, registered through the same hooks plugins use: the tax table's routes and
call, and the seeded table as the tenant's default setting (``imposte``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler

from core.domain.taxes.calls import save_taxes_call
from core.domain.taxes.controllers import get_taxes, put_taxes
from core.domain.taxes.seed import TABLE_KEY, seeded_table
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [get_taxes, put_taxes]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"salvaImposte": save_taxes_call}


@hookimpl(trylast=True)
def default_settings() -> Mapping[str, Any]:
    return {TABLE_KEY: seeded_table()}
