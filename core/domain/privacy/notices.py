"""The tenant's privacy notice (arts. 12-14 GDPR), versioned: each save is a new version
with its text, author and time; old versions stay as they were. Until the admin writes one,
the public page shows :data:`DEFAULT_TEXT` as version 0."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.privacy.log import record
from core.errors import ClientError, Conflict
from core.validation import plain_text

MAX_TEXT = 100_000
"""Characters a notice may hold (100 kB of plain text)."""
MAX_VERSIONS_LISTED = 200
EMPTY_TEXT = "Scrivi il testo dell'informativa"
SAME_TEXT = "Il testo è uguale alla versione in vigore"
SAVED_MEANWHILE = (
    "L'informativa è stata salvata da un altro utente nel frattempo: ricarica la pagina"
)

DEFAULT_TEXT = "\n\n".join(
    [
        (
            "Informativa sul trattamento dei dati personali (artt. 13 e 14 del Regolamento UE "
            "2016/679)"
        ),
        (
            "Titolare del trattamento è l'intermediario che ti ha proposto il preventivo o la "
            "polizza."
        ),
        (
            "Finalità e basi giuridiche: trattiamo i tuoi dati per preparare preventivi, emettere e"
            " gestire le polizze e i sinistri (esecuzione del contratto, art. 6.1.b), per adempiere"
            " agli obblighi di legge, contabili e antiriciclaggio (art. 6.1.c) e, solo con il tuo "
            "consenso, per comunicazioni commerciali e profilazione (art. 6.1.a)."
        ),
        (
            "Conservazione: i dati dei contratti sono conservati per 10 anni dalla loro fine (art. "
            "2220 c.c.; D.Lgs. 231/2007 art. 31); quelli dei preventivi senza contratto fino alla "
            "tua richiesta di cancellazione."
        ),
        (
            "Diritti: puoi chiedere l'accesso ai tuoi dati e una loro copia (artt. 15 e 20), la "
            "rettifica (art. 16), la cancellazione (art. 17), e revocare in ogni momento i consensi"
            " dati (art. 7.3), rivolgendoti al tuo intermediario. Puoi proporre reclamo al Garante "
            "per la protezione dei dati personali (art. 77)."
        ),
    ]
)


class NoticeBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_TEXT)


def notice_payload(notice: m.PrivacyNotice | None) -> dict[str, Any]:
    if notice is None:
        return {"version": 0, "text": DEFAULT_TEXT, "at": None, "author": None, "default": True}
    return {
        "version": notice.version, "text": notice.text, "at": notice.at.isoformat(),
        "author": notice.author_id, "default": False,
    }  # fmt: skip


async def current_notice(session: AsyncSession) -> m.PrivacyNotice | None:
    """The tenant's newest version, or ``None`` before the first save."""
    stmt = select(m.PrivacyNotice).order_by(m.PrivacyNotice.version.desc()).limit(1)
    return (await session.execute(stmt)).scalars().first()


async def current_version(session: AsyncSession) -> int:
    found = await session.execute(select(func.max(m.PrivacyNotice.version)))
    return int(found.scalar_one() or 0)


async def notice_versions(session: AsyncSession) -> list[dict[str, Any]]:
    """Every version, newest first (texts included: each is read-only)."""
    stmt = (
        select(m.PrivacyNotice).order_by(m.PrivacyNotice.version.desc()).limit(MAX_VERSIONS_LISTED)
    )
    return [notice_payload(n) for n in (await session.execute(stmt)).scalars().all()]


def clean_text(text: str) -> str:
    """Plain text (:func:`core.validation.plain_text`), blanks around it trimmed."""
    return plain_text(text).strip()


async def save_notice(
    session: AsyncSession, principal: Principal, body: NoticeBody
) -> dict[str, Any]:
    """A new version after the newest; an empty text or the current text is refused."""
    text = clean_text(body.text)
    if not text:
        raise ClientError(EMPTY_TEXT)
    current = await current_notice(session)
    if current is not None and current.text == text:
        raise ClientError(SAME_TEXT)
    version = (current.version if current else 0) + 1
    notice = m.PrivacyNotice(version=version, text=text, author_id=principal.id, at=utcnow())
    session.add(notice)
    record(session, "informativa", principal.id, version=version, chars=len(text))
    try:
        await session.flush()
    except IntegrityError as exc:  # another admin saved the same version number first
        raise Conflict(SAVED_MEANWHILE) from exc
    return notice_payload(notice)
