"""Reading and writing the RUI entries and the training log, checked once for HTTP and the
socket: admins and responsabili edit (``can_edit``), an agent reads his own and his
sub-agents' (:func:`user_scope`), nobody reads another tenant's (the session's scope)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import ColumnElement, func, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.rui import rules
from core.errors import ClientError, Forbidden, NotFound
from core.messages import NOT_FOR_YOUR_ROLE, USER_NOT_FOUND
from core.validation import NumberOnly, parse

INVALID = "Dati RUI non validi"
BAD_HOURS = "Ore non valide: un numero maggiore di zero, al massimo 100, con al più 2 decimali"
TOO_MANY_ENTRIES = "Troppi corsi registrati per quest'anno (al massimo {n})"
ENTRY_NOT_FOUND = "Corso non trovato"
MAX_ENTRIES_PER_YEAR = 200
MAX_LIST = 1000


class RegistrationBody(BaseModel):
    """A user's (or the tenant's) RUI entry as the forms send it."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    section: str = Field(min_length=1, max_length=1)
    number: str = Field(min_length=1, max_length=20)
    registeredOn: date  # noqa: N815 (wire names)
    endedOn: date | None = None  # noqa: N815
    intermediaryName: str = Field(default="", max_length=200)  # noqa: N815
    intermediaryNumber: str | None = Field(default=None, max_length=20)  # noqa: N815

    @field_validator("section", "number", "intermediaryNumber")
    @classmethod
    def _upper(cls, value: str | None) -> str | None:
        return value.upper() if value else None

    def rule_view(self) -> rules.Registration:
        return rules.Registration(
            self.section, self.number, self.registeredOn, self.endedOn, self.intermediaryNumber
        )


class TenantRegistrationBody(RegistrationBody):
    """The intermediary's own entry: its name besides."""

    name: str = Field(default="", max_length=200)


class TrainingBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    day: date
    hours: Annotated[Decimal, NumberOnly]
    title: str = Field(min_length=1, max_length=200)
    provider: str = Field(default="", max_length=200)

    @field_validator("hours")
    @classmethod
    def _hours(cls, value: Decimal) -> Decimal:
        if not (0 < value <= rules.MAX_ENTRY_HOURS) or value != value.quantize(Decimal("0.01")):
            raise ValueError(BAD_HOURS)
        return value.quantize(Decimal("0.01"))


def user_scope(principal: Principal) -> ColumnElement[bool]:
    """The users whose RUI data ``principal`` may read: every user for admins and
    responsabili; an agent's own and, for a top agent, his sub-agents'."""
    if perm.manages(principal):
        return true()
    if principal.is_agent and principal.parent_agent_id is None:
        return or_(m.User.id == principal.id, m.User.parent_agent_id == principal.id)
    return m.User.id == principal.id


def require_rui(principal: Principal) -> None:
    if not perm.sees_rui(principal):
        raise Forbidden(NOT_FOR_YOUR_ROLE)


def require_editor(principal: Principal) -> None:
    if not perm.can_edit(principal):
        raise Forbidden(NOT_FOR_YOUR_ROLE)


async def visible_user(session: AsyncSession, principal: Principal, user_id: str) -> m.User:
    require_rui(principal)
    stmt = select(m.User).where(m.User.id == user_id, user_scope(principal))
    user = (await session.execute(stmt)).scalar_one_or_none()
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user


async def registration_of(session: AsyncSession, user_id: str) -> m.RuiRegistration | None:
    stmt = select(m.RuiRegistration).where(m.RuiRegistration.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


def rule_view(row: m.RuiRegistration | None) -> rules.Registration | None:
    if row is None:
        return None
    return rules.Registration(
        row.section, row.number, row.registered_on, row.ended_on, row.intermediary_number
    )


async def save_registration(
    session: AsyncSession, actor: Principal, user_id: str, data: object, today: date
) -> m.RuiRegistration:
    """Create or replace ``user_id``'s entry; a refusal (400) changes nothing."""
    await visible_user(session, actor, user_id)
    require_editor(actor)
    body = parse(RegistrationBody, data, INVALID)
    problem = rules.registration_problem(body.rule_view(), today)
    if problem:
        raise ClientError(problem)
    row = await registration_of(session, user_id)
    if row is None:
        row = m.RuiRegistration(user_id=user_id)
        session.add(row)
    row.section, row.number = body.section, body.number
    row.registered_on, row.ended_on = body.registeredOn, body.endedOn
    row.intermediary_name = body.intermediaryName if body.section == "E" else ""
    row.intermediary_number = body.intermediaryNumber if body.section == "E" else None
    await session.flush()
    return row


async def entries_of(session: AsyncSession, user_id: str, year: int) -> Sequence[m.TrainingEntry]:
    stmt = (
        select(m.TrainingEntry)
        .where(
            m.TrainingEntry.user_id == user_id,
            m.TrainingEntry.day >= date(year, 1, 1),
            m.TrainingEntry.day <= date(year, 12, 31),
        )
        .order_by(m.TrainingEntry.day, m.TrainingEntry.created_at)
        .limit(MAX_ENTRIES_PER_YEAR)
    )
    return list((await session.execute(stmt)).scalars())


async def add_training(
    session: AsyncSession, actor: Principal, user_id: str, data: object, today: date
) -> m.TrainingEntry:
    await visible_user(session, actor, user_id)
    require_editor(actor)
    body = parse(TrainingBody, data, "Corso non valido")
    if body.day > today:
        raise ClientError(rules.TRAINING_IN_FUTURE)
    if len(await entries_of(session, user_id, body.day.year)) >= MAX_ENTRIES_PER_YEAR:
        raise ClientError(TOO_MANY_ENTRIES.format(n=MAX_ENTRIES_PER_YEAR))
    entry = m.TrainingEntry(
        user_id=user_id, day=body.day, hours=body.hours, title=body.title,
        provider=body.provider, created_by=actor.id,
    )  # fmt: skip
    session.add(entry)
    await session.flush()
    return entry


async def remove_training(session: AsyncSession, actor: Principal, entry_id: str) -> None:
    require_rui(actor)
    require_editor(actor)
    entry = await session.get(m.TrainingEntry, entry_id) if len(entry_id) <= 32 else None
    if entry is None:
        raise NotFound(ENTRY_NOT_FOUND)
    await session.delete(entry)
    await session.flush()


async def hours_by_user(session: AsyncSession, year: int) -> dict[str, Decimal]:
    """Every user's hours in ``year`` (the session's tenant)."""
    stmt = (
        select(m.TrainingEntry.user_id, func.sum(m.TrainingEntry.hours))
        .where(m.TrainingEntry.day >= date(year, 1, 1), m.TrainingEntry.day <= date(year, 12, 31))
        .group_by(m.TrainingEntry.user_id)
    )
    return {uid: Decimal(total or 0) for uid, total in (await session.execute(stmt)).all()}


async def collaborators(
    session: AsyncSession, within: ColumnElement[bool]
) -> list[tuple[m.User, m.RuiRegistration | None]]:
    """The collaborators (agents, and anyone with a RUI entry) among ``within``, by name."""
    stmt = (
        select(m.User, m.RuiRegistration)
        .outerjoin(m.RuiRegistration, m.RuiRegistration.user_id == m.User.id)
        .where(within, or_(m.User.role_key == perm.AGENT, m.RuiRegistration.id.is_not(None)))
        .order_by(m.User.name, m.User.id)
        .limit(MAX_LIST)
    )
    return [(user, reg) for user, reg in (await session.execute(stmt)).all()]


async def has_valid_rui(session: AsyncSession, user_id: str, today: date) -> bool:
    """Whether ``user_id`` has a RUI entry in force today (the emission gate)."""
    return rules.is_valid_on(rule_view(await registration_of(session, user_id)), today)
