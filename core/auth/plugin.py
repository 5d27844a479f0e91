"""Accounts, registered through the same hooks plugins use: the HTTP routes and the
socket's login calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core.auth.calls import login, logout, token_login
from core.auth.controllers import AuthController, outbox
from core.auth.prune import PRUNE_JOB
from core.db import models as m
from core.extensions import CallHandler, Job
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [AuthController, outbox]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"login": login, "tokenLogin": token_login, "logout": logout}


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.LoginThrottle, m.SpentLink, m.RevokedToken]


@hookimpl
def register_jobs() -> Sequence[Job]:
    return [PRUNE_JOB]
