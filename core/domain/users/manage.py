"""Changing, suspending and deleting users: one implementation behind the HTTP routes and the
socket calls. Every change is checked here, lands in the audit log (users are audited) and
reaches open screens through the ``usr`` stream; a suspended or deleted user's sockets close
on commit (:mod:`core.auth.kicks`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.roles import Role, check_grant
from core.db import models as m
from core.db.locks import get_for_update
from core.db.types import utcnow
from core.domain.users import rules
from core.domain.users.rules import UserChanges
from core.errors import Conflict, Forbidden, NotFound
from core.extensions import Host
from core.messages import (
    ALREADY_SUSPENDED,
    KEEP_OWN_ADMIN,
    NOT_SUSPENDED,
    NOT_YOURSELF,
    PARENT_HAS_SUBAGENTS,
    PARENT_IS_SELF,
    UNKNOWN_EXTRA_PRODUCT,
    UNKNOWN_REFERRED_USER,
    USER_NOT_FOUND,
)
from core.validation import StrictBool, parse
from tenants.config import Tenant

RATE_ADMINS_ONLY = "Solo gli amministratori modificano la ritenuta d'acconto"


async def managed_user(session: AsyncSession, actor: Principal, user_id: str) -> m.User:
    """The user ``actor`` may manage; another tenant's id is simply not found."""
    rules.check_manager(actor)
    # locked: two changes at once (a suspension each) must not both pass their checks
    user = await get_for_update(session, m.User, user_id) if len(user_id) <= 32 else None
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    rules.check_may_manage(actor, user.role)
    return user


async def _check_role(session: AsyncSession, actor: Principal, user: m.User, role: Role) -> None:
    await check_grant(session, actor, role)
    if user.id == actor.id and actor.is_admin and not role.admin:
        raise Conflict(KEEP_OWN_ADMIN)
    parent = role.a.aId if role.a else None
    if parent == user.id:
        raise Conflict(PARENT_IS_SELF)
    if parent is not None or role.a is None:
        children = await session.scalar(
            select(func.count()).select_from(m.User).where(m.User.parent_agent_id == user.id)
        )
        if children:
            raise Conflict(PARENT_HAS_SUBAGENTS)


async def _check_referred(session: AsyncSession, ids: list[str]) -> None:
    found = set((await session.execute(select(m.User.id).where(m.User.id.in_(ids)))).scalars())
    rules.refuse(
        None if (missing := rules.unknown(ids, found)) is None
        else UNKNOWN_REFERRED_USER.format(user=missing)
    )  # fmt: skip


async def _rate_keys(session: AsyncSession, host: Host, tenant: Tenant) -> set[str]:
    products = set((await session.execute(select(m.Product.id))).scalars())
    return products | set(host.lines.offered(tenant))


async def update_user(
    session: AsyncSession,
    host: Host,
    tenant: Tenant,
    actor: Principal,
    user_id: str,
    changes: UserChanges,
) -> m.User:
    """Apply ``changes`` to the user, or refuse them all with the first problem."""
    user = await managed_user(session, actor, user_id)
    given = changes.model_fields_set
    if changes.role is not None:
        await _check_role(session, actor, user, changes.role)
    if changes.extraProducts is not None:
        extra = [p for p in host.lines.offered(tenant) if host.product_lines[p].extra_product]
        missing = rules.unknown(changes.extraProducts, extra)
        rules.refuse(None if missing is None else UNKNOWN_EXTRA_PRODUCT.format(product=missing))
    if changes.users:
        await _check_referred(session, changes.users)
    if changes.info is not None and not actor.is_admin and changes.info.ritenuta != user.ritenuta:
        raise Forbidden(RATE_ADMINS_ONLY)  # the withholding is the admins' (tax profile)
    if changes.provv is not None:
        rules.refuse(
            rules.rate_keys_problem(changes.provv, await _rate_keys(session, host, tenant))
        )
    if "name" in given and changes.name:
        user.name = changes.name
    if changes.role is not None:
        user.role = changes.role.as_dict()
    if changes.extraProducts is not None:
        user.extra_products = list(dict.fromkeys(changes.extraProducts))
    if changes.users is not None:
        user.referred_user_ids = list(dict.fromkeys(changes.users))
    if changes.provv is not None:
        user.provv = changes.provv
    if changes.info is not None:
        user.ritenuta = Decimal(changes.info.ritenuta)
    await session.flush()
    return user


async def set_suspended(
    session: AsyncSession, actor: Principal, user_id: str, *, suspended: bool
) -> m.User:
    """Suspend (the user's sockets close at once) or reactivate a user."""
    user = await managed_user(session, actor, user_id)
    if user.id == actor.id:
        raise Conflict(NOT_YOURSELF)
    if suspended and user.suspended:
        raise Conflict(ALREADY_SUSPENDED)
    if not suspended and not user.suspended:
        raise Conflict(NOT_SUSPENDED)
    user.suspended_at = utcnow() if suspended else None
    user.suspended_by = actor.id if suspended else None
    await session.flush()
    return user


async def delete_user(session: AsyncSession, actor: Principal, user_id: str) -> str:
    """Delete a user (their records keep their data, the agent link is emptied)."""
    user = await managed_user(session, actor, user_id)
    if user.id == actor.id:
        raise Conflict(NOT_YOURSELF)
    await session.delete(user)
    await session.flush()
    return user_id


class UserRef(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(alias="_id", min_length=1, max_length=32)


class Suspension(UserRef):
    suspended: StrictBool


def parse_changes(data: Any) -> tuple[str, UserChanges]:
    """``{_id, …changes}`` from a socket call."""
    body = dict(data) if isinstance(data, dict) else {}
    ref = parse(UserRef, {"_id": body.pop("_id", None)})
    return ref.id, parse(UserChanges, body)
