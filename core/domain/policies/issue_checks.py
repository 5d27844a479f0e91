"""The checks before a policy is issued, and where the quote's documents go after.

* **Documents**: a quote whose documents were refused (``docStatus`` -1) or that has none
  uploaded cannot be issued; an admin may go ahead with a reason (10–500 characters), which
  the policy keeps in ``issue_override`` ``{reason, documents, by, at}`` — and so the audit
  log's entry for the new policy.
* **A start in the past**: a start date more than the tenant's ``retrodatazioneMaxGiorni``
  days (settings; :data:`DEFAULT_MAX_PAST_DAYS` when unset) before today in Europe/Rome must be
  confirmed by the call (``confirmPastStart``): a backdated cover is the company's to accept,
  and a typo in the year should not pass silently.
* **After issue** the quote's documents follow to the policy: their rows belong to the policy
  (same agent tree, so the same people read them) and its ``allegati`` take the quote's.

A refusal is a 400 whose error names the check (``check``: ``documents`` or ``pastStart``) so
the issuing dialog can offer the override or the confirmation.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import utcnow
from core.domain.documents.owners import add_to_allegati
from core.errors import ClientError

DEFAULT_MAX_PAST_DAYS = 30
"""Days a start date may lie in the past without a confirmation, when the tenant sets none."""
MAX_PAST_SETTING = "retrodatazioneMaxGiorni"
REFUSED, MISSING = "refused", "missing"
DOCS_REFUSED = (
    "I documenti del preventivo sono stati rifiutati: la polizza non si può emettere "
    "senza indicare il motivo"
)
DOCS_MISSING = (
    "Il preventivo non ha documenti caricati: la polizza non si può emettere "
    "senza indicare il motivo"
)
PAST_START = (
    "La decorrenza è di {days} giorni fa, oltre i {max} ammessi: conferma la retrodatazione"
)


async def documents_problem(session: AsyncSession, quote: m.Quote) -> str | None:
    """``refused`` (``docStatus`` -1), ``missing`` (no document uploaded) or ``None``."""
    if quote.doc_status == -1:
        return REFUSED
    stmt = select(func.count(m.Document.id)).where(
        m.Document.owner_kind == "preventivo", m.Document.owner_id == quote.id
    )
    return MISSING if not (await session.execute(stmt)).scalar_one() else None


def check_documents(problem: str | None, reason: str | None, by: str) -> dict[str, Any] | None:
    """The override to record, or a refusal when the documents stand in the way unexplained."""
    if problem is None:
        return None
    if reason is None:
        message = DOCS_REFUSED if problem == REFUSED else DOCS_MISSING
        raise ClientError(message, extra={"check": "documents", "documents": problem})
    return {"reason": reason, "documents": problem, "by": by, "at": utcnow().isoformat()}


def max_past_days(settings: dict[str, Any]) -> int:
    value = settings.get(MAX_PAST_SETTING)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return DEFAULT_MAX_PAST_DAYS


def check_start(start: date, today: date, limit: int, confirmed: bool) -> None:
    """A start more than ``limit`` days before ``today`` needs ``confirmed``."""
    days = (today - start).days
    if days > limit and not confirmed:
        raise ClientError(
            PAST_START.format(days=days, max=limit),
            extra={"check": "pastStart", "days": days, "max": limit},
        )


async def move_documents(session: AsyncSession, quote: m.Quote, policy: m.Policy) -> None:
    """The quote's document rows and ``allegati`` become the policy's."""
    rows = (
        await session.execute(
            select(m.Document).where(
                m.Document.owner_kind == "preventivo", m.Document.owner_id == quote.id
            )
        )
    ).scalars()
    allegati: dict[str, Any] = dict(policy.allegati or {})
    for key, entry in (quote.allegati or {}).items():
        files = entry.get("files") if isinstance(entry, dict) else None
        if isinstance(entry, dict) and isinstance(files, list):
            allegati = add_to_allegati(allegati, key, [str(f) for f in files])
            merged = allegati[key]
            kept = {k: v for k, v in entry.items() if k != "files"}  # its name and the rest
            allegati[key] = {**(merged if isinstance(merged, dict) else {}), **kept}
    for document in rows:
        document.owner_kind, document.owner_id = "polizza", policy.id
    policy.allegati = allegati
    quote.allegati = {}  # the rows move through the ORM: the ``docs`` stream announces each
