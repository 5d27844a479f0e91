"""The emission gate: where the tenant asks for it (setting ``consegnaPrecontrattuale``), a
quote's emission is neither requested nor issued until its customer has confirmed receipt of
the pre-contract documents of the quote as it stands, or an admin has gone ahead with a reason
(IVASS Reg. 40/2018, art. 56 c. 1 and 3: the documents come before the proposal or the
contract is signed).

Off by default: a broker who delivers the documents on paper at the desk keeps doing so, and
the office turns the gate on when the quote link is how its customers receive them."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.needs.assessments import latest_assessment
from core.domain.precontract.sets import answers_of, current_fingerprint, latest_set
from core.errors import ClientError
from core.lines import stored_settings
from tenants.config import Tenant

SETTING = "consegnaPrecontrattuale"
NOT_DELIVERED = (
    "Il cliente non ha ancora confermato la ricezione dei documenti precontrattuali "
    "(Allegati 3, 4, 4-ter, DIP e risposte su richieste ed esigenze): invia il link del "
    "preventivo, oppure un amministratore può procedere indicando il motivo"
)
ANSWERS_CHANGED = (
    "Le risposte su richieste ed esigenze sono cambiate dopo la conferma del cliente: il "
    "cliente deve confermare la nuova versione dei documenti, oppure un amministratore può "
    "procedere indicando il motivo"
)
CHANGED = (
    "Il preventivo è cambiato dopo la consegna dei documenti precontrattuali: il cliente deve "
    "confermare la nuova versione, oppure un amministratore può procedere indicando il motivo"
)


async def gate_on(session: AsyncSession) -> bool:
    stored = await stored_settings(session)
    return bool(stored is not None and (stored.data or {}).get(SETTING) is True)


async def delivery_problem(session: AsyncSession, tenant: Tenant, quote: m.Quote) -> str | None:
    """Why ``quote`` may not go to emission yet, or ``None`` (gate off, delivered, or an
    admin's override on the latest set)."""
    if quote.type is not None or not await gate_on(session):
        return None
    latest = await latest_set(session, quote.id)
    if latest is None:
        return NOT_DELIVERED
    if latest.override_at is not None:
        return None
    if latest.confirmed_at is None:
        return NOT_DELIVERED
    answers = await latest_assessment(session, quote.id)
    if latest.fingerprint != await current_fingerprint(session, tenant, quote, answers):
        return (
            ANSWERS_CHANGED if answers_of(latest) != (answers.id if answers else None) else CHANGED
        )
    return None


async def check_delivered(session: AsyncSession, tenant: Tenant, quote: m.Quote) -> None:
    """Refuse (400, Italian) an emission the gate holds."""
    problem = await delivery_problem(session, tenant, quote)
    if problem is not None:
        raise ClientError(problem)
