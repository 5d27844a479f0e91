"""Users, registered through the same hooks plugins use: the ``usr`` stream (sync, lazy
look-up, events), push subscriptions, the menu entry and the models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.users import account, calls
from core.domain.users.controllers import UsersController, agents
from core.domain.users.serialize import user_payload
from core.domain.users.webpush import register_web_push
from core.extensions import CallHandler, MenuEntry, Publication, SyncRequest
from core.hookspecs import hookimpl


def _visible(principal: Principal, users: Any) -> list[dict[str, Any]]:
    return [
        user_payload(u)
        for u in users
        if perm.user_visible(principal, {"_id": u.id, "role": u.role})
    ]


async def sync_users(request: SyncRequest) -> list[dict[str, Any]]:
    """The users the principal may see, changed since the watermark."""
    stmt = select(m.User)
    if request.since is not None:
        stmt = stmt.where(m.User.updated_at > request.since)
    return _visible(request.principal, (await request.session.execute(stmt)).scalars())


async def look_up_users(
    session: AsyncSession, principal: Principal, ids: Sequence[str]
) -> list[dict[str, Any]]:
    stmt = select(m.User).where(m.User.id.in_(list(ids)))
    return _visible(principal, (await session.execute(stmt)).scalars())


USERS = Publication(
    "usr", perm.has_role, perm.user_visible, m.User, "u", user_payload,
    sync=sync_users, lookup=look_up_users,
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [USERS]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "registerWebPush": register_web_push,
        "salvaUtente": calls.save_user,
        "sospendiUtente": calls.suspend_user,
        "eliminaUtente": calls.delete_user,
        "salvaAccount": account.save_account,
        "cambiaPassword": account.new_password,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [UsersController, account.AccountController, agents]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.User, m.BalanceEntry, m.WebPushSubscription]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("utenti", "/utenti", "menu:utenti", "users", 10, perm.sees_users)]
