"""The emission gate: a collaborator without a RUI entry in force (none recorded, not yet
registered, or cancelled) cannot ask for the emission of a policy (art. 109 CAP: insurance
distribution is reserved to those registered). Users who are not agents (admins, responsabili)
are the intermediary's own staff acting under its registration and are not gated."""

from __future__ import annotations

from datetime import date

from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.db import models as m
from core.domain.rui.service import has_valid_rui
from core.errors import ClientError

NO_VALID_RUI = (
    "Emissione non richiedibile: il collaboratore non ha un'iscrizione RUI valida "
    "(chiedi all'ufficio di registrarla in 'RUI e formazione')"
)


async def require_valid_rui(session: AsyncSession, user_id: str | None, today: date) -> None:
    """Raise a :class:`ClientError` (400, nothing changed) when ``user_id`` is an agent
    without a RUI entry in force on ``today``."""
    if user_id is None:
        return
    user = await session.get(m.User, user_id)
    if user is None or not (user.role or {}).get(perm.AGENT):
        return
    if not await has_valid_rui(session, user_id, today):
        raise ClientError(NO_VALID_RUI)
