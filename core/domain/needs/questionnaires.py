"""The tenant's questionnaires in versions: read the one a quote's product asks, save a new
version. A ramo with no questions of its own (never saved, or saved empty) asks its built-in
questions where it has some (RC auto), else the general questionnaire — the tenant's, or the
built-in general questions until the tenant saves one (:mod:`.questions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import utcnow
from core.domain.needs.questions import (
    DEFAULTS,
    GENERAL,
    KINDS,
    NO_QUESTIONS,
    QuestionnaireBody,
    built_in,
)
from core.errors import ClientError, Conflict, NotFound

UNKNOWN_KIND = "Ramo del questionario non valido"
SAVED_MEANWHILE = "Il questionario è stato salvato da un altro utente nel frattempo: ricarica"


@dataclass(frozen=True, slots=True)
class Questionnaire:
    """The questions asked, with the kind and version they come from (0: built in)."""

    kind: str
    version: int
    questions: list[dict[str, Any]]

    def payload(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": KINDS[self.kind], "version": self.version,
                "questions": self.questions}  # fmt: skip


async def latest(session: AsyncSession, kind: str) -> m.NeedsQuestionnaire | None:
    """``kind``'s newest saved version (``None`` before the first save)."""
    stmt = (
        select(m.NeedsQuestionnaire)
        .where(m.NeedsQuestionnaire.kind == kind)
        .order_by(m.NeedsQuestionnaire.version.desc())
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


def resolve(
    kind: str, own: m.NeedsQuestionnaire | None, general: m.NeedsQuestionnaire | None
) -> Questionnaire:
    """What ``kind`` asks given its newest saved version and the general one's."""
    if own is not None and own.questions:
        return Questionnaire(kind, own.version, list(own.questions))
    if kind in DEFAULTS and (kind != GENERAL or own is None):
        return Questionnaire(kind, 0, built_in(kind))
    if general is not None and general.questions:
        return Questionnaire(GENERAL, general.version, list(general.questions))
    return Questionnaire(GENERAL, 0, built_in(GENERAL))


async def asked_for(session: AsyncSession, ramo: str | None) -> Questionnaire:
    """The questionnaire a product of ``ramo`` asks (``None``: the general one)."""
    kind = ramo if ramo in KINDS else GENERAL
    own = await latest(session, kind)
    general = await latest(session, GENERAL) if kind != GENERAL else own
    return resolve(kind, own, general)


async def for_quote(session: AsyncSession, quote: m.Quote) -> Questionnaire:
    """The questionnaire the quote's product asks (by the product's ramo)."""
    product = await session.get(m.Product, quote.product_id) if quote.product_id else None
    return await asked_for(session, product.ramo if product else None)


async def every_kind(session: AsyncSession) -> list[dict[str, Any]]:
    """Each kind as the settings screen edits it: its own questions or the ones it falls
    back to, ``custom`` when the tenant saved questions for it."""
    table = m.NeedsQuestionnaire
    newest_versions = (
        select(table.kind, func.max(table.version).label("version")).group_by(table.kind)
    ).subquery()
    stmt = select(table).join(
        newest_versions,
        (table.kind == newest_versions.c.kind) & (table.version == newest_versions.c.version),
    )
    newest = {row.kind: row for row in (await session.execute(stmt)).scalars()}
    listed = []
    for kind, label in KINDS.items():
        own = newest.get(kind)
        asked = resolve(kind, own, newest.get(GENERAL))
        listed.append({"kind": kind, "label": label, "version": own.version if own else 0,
                       "custom": own is not None and bool(own.questions),
                       "questions": asked.questions})  # fmt: skip
    return listed


async def save(
    session: AsyncSession, kind: str, body: QuestionnaireBody, author: str
) -> dict[str, Any]:
    """A new version of ``kind``'s questions (empty for a ramo: back to its built-in questions,
    or the general ones where it has none)."""
    if kind not in KINDS:
        raise NotFound(UNKNOWN_KIND)
    if kind == GENERAL and not body.questions:
        raise ClientError(NO_QUESTIONS)
    current = await latest(session, kind)
    row = m.NeedsQuestionnaire(
        kind=kind, version=(current.version if current else 0) + 1,
        questions=[q.model_dump() for q in body.questions], author_id=author, at=utcnow(),
    )  # fmt: skip
    session.add(row)
    try:
        await session.flush()
    except IntegrityError as exc:  # another admin saved the same version first
        raise Conflict(SAVED_MEANWHILE) from exc
    asked = resolve(kind, row, await latest(session, GENERAL))
    return {"kind": kind, "label": KINDS[kind], "version": row.version,
            "custom": bool(row.questions), "questions": asked.questions}  # fmt: skip
