"""The intermediary's own RUI entry (the tenant's, kept in its settings under ``rui``) and the
RUI data the documents handed to the customer print: the intermediary's and the
collaborator's section, number and registration date."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.rui import rules
from core.domain.rui.serialize import registration_payload
from core.domain.rui.service import (
    INVALID,
    TenantRegistrationBody,
    registration_of,
    require_editor,
    require_rui,
)
from core.domain.settings.save import stored_or_new
from core.errors import ClientError
from core.validation import parse

KEY = "rui"
"""The key of the tenant settings' ``data`` holding the intermediary's entry."""


def tenant_registration(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """The intermediary's entry from the tenant settings' ``data`` (``None`` when unset)."""
    stored = (data or {}).get(KEY)
    if not isinstance(stored, dict) or not stored.get("number"):
        return None
    section = str(stored.get("section", ""))
    return {
        "name": str(stored.get("name", "")),
        "section": section,
        "sectionName": rules.SECTIONS.get(section, ""),
        "number": str(stored.get("number")),
        "registeredOn": stored.get("registeredOn"),
        "endedOn": stored.get("endedOn"),
    }


async def intermediary_rui(session: AsyncSession) -> dict[str, Any] | None:
    """The session's tenant's own RUI entry."""
    stmt = select(m.TenantSettings.data)
    data = (await session.execute(stmt)).scalar_one_or_none()
    return tenant_registration(data)


async def rui_for_documents(session: AsyncSession, user_id: str | None) -> dict[str, Any]:
    """``{intermediary, collaborator}``: the tenant's and ``user_id``'s RUI entries (either
    ``None`` when not recorded), each with ``section``, ``number``, ``registeredOn``. For the
    documents handed to the customer; the caller has checked who may see ``user_id``."""
    collaborator = await registration_of(session, user_id) if user_id else None
    return {
        "intermediary": await intermediary_rui(session),
        "collaborator": registration_payload(collaborator),
    }


async def read_intermediary(session: AsyncSession, actor: Principal) -> dict[str, Any] | None:
    require_rui(actor)
    return await intermediary_rui(session)


async def save_intermediary(
    session: AsyncSession, actor: Principal, data: object, today: date
) -> dict[str, Any] | None:
    """Set the intermediary's entry (admins and responsabili); a refusal changes nothing."""
    require_rui(actor)
    require_editor(actor)
    body = parse(TenantRegistrationBody, data, INVALID)
    if body.section == "E":
        raise ClientError("L'intermediario deve essere iscritto in sezione A, B, C, D o F")
    problem = rules.registration_problem(body.rule_view(), today)
    if problem:
        raise ClientError(problem)
    stored = await stored_or_new(session)
    stored.data = {
        **(stored.data or {}),
        KEY: {
            "name": body.name, "section": body.section, "number": body.number,
            "registeredOn": body.registeredOn.isoformat(),
            "endedOn": body.endedOn.isoformat() if body.endedOn else None,
        },
    }  # fmt: skip
    await session.flush()
    return tenant_registration(stored.data)
