"""Demo RUI data: the intermediary in section A, the demo agents in section E working for it,
each with this year's courses (the agent's complete, the sub-agent's short), so the emission
gate lets every demo journey through and the screen shows both states."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import select

from core.db import models as m
from core.domain.settings.save import stored_or_new
from core.extensions import DemoContext
from core.i18n import today_in_rome

NAME, NUMBER = "Agenzia Demo S.r.l.", "A000100200"
INTERMEDIARY: dict[str, str | None] = {
    "name": NAME, "section": "A", "number": NUMBER,
    "registeredOn": "2012-03-15", "endedOn": None,
}  # fmt: skip
Course = tuple[str, Decimal]
AGENTS: dict[str, tuple[str, date, tuple[Course, ...]]] = {
    "agente": ("E000301122", date(2016, 5, 9), (("Aggiornamento IDD e POG", Decimal("18")),
               ("Antiriciclaggio e privacy", Decimal("12.5")))),
    "subagente": ("E000402233", date(2019, 9, 23), (("Prodotti r.c. auto", Decimal("8.25")),)),
}  # fmt: skip
"""Account → (RUI number, registration date, this year's courses): 30.50 and 8.25 hours."""


async def seed_rui(ctx: DemoContext) -> None:
    """Idempotent: a tenant with RUI entries is left alone."""
    session = ctx.session
    if (await session.execute(select(m.RuiRegistration.id).limit(1))).first():
        return
    stored = await stored_or_new(session)
    stored.data = {**(stored.data or {}), "rui": dict(INTERMEDIARY)}
    today = today_in_rome()
    first_day = date(today.year, 1, 1)
    for key, (number, registered, courses) in AGENTS.items():
        user_id = ctx.accounts[key]
        session.add(m.RuiRegistration(
            user_id=user_id, section="E", number=number, registered_on=registered,
            intermediary_name=NAME, intermediary_number=NUMBER,
        ))  # fmt: skip
        for offset, (title, hours) in enumerate(courses):
            day = min(first_day + timedelta(days=40 + 30 * offset), today)
            session.add(m.TrainingEntry(
                user_id=user_id, day=day, hours=hours, title=title, provider="Formazione Demo",
            ))  # fmt: skip
    await session.flush()
