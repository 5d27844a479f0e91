"""The customer's confirmation of receipt with a one-time code sent by e-mail: a simple
electronic signature (Reg. UE 910/2014, art. 3 n. 10; CAD, art. 20 c. 1-bis) recorded with
the time, the client address, the code's channel and the SHA-256 of each document confirmed
(IVASS Reg. 40/2018, artt. 56 and 59: what the customer received must stay provable; the
proof is kept with the contract, art. 2220 c.c.).

* A code is six digits, sent to the quote's customer e-mail, kept only as an HMAC, valid
  :data:`CODE_TTL`; asking again replaces it, at most :data:`MAX_CODES` per set and one every
  :data:`RESEND_AFTER`.
* :data:`MAX_ATTEMPTS` wrong codes spend it: a new one is needed.
* The customer confirms the hashes shown: a set whose documents changed since does not match.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta
from functools import partial
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.locks import get_for_update
from core.db.types import utcnow
from core.errors import ClientError, Conflict
from core.mail import send_mail
from core.settings import Settings
from tenants.config import Tenant

CODE_TTL = timedelta(minutes=10)
MAX_ATTEMPTS = 5
MAX_CODES = 10
RESEND_AFTER = timedelta(seconds=30)
CHANNEL = "email"
PURPOSE = "precontratto"
NO_EMAIL = (
    "Il preventivo non ha un indirizzo e-mail del cliente: chiedi all'intermediario di "
    "indicarlo per ricevere il codice"
)
ALREADY = "Hai già confermato la ricezione di questi documenti"
TOO_SOON = "Il codice è appena stato inviato: attendi qualche secondo prima di chiederne un altro"
TOO_MANY_CODES = "Troppi codici richiesti per questi documenti: contatta l'intermediario"
NO_CODE = "Chiedi il codice da ricevere via e-mail"
EXPIRED = "Il codice è scaduto: chiedine uno nuovo"
SPENT = "Troppi tentativi errati: chiedi un nuovo codice"
WRONG = "Codice errato: restano {left} tentativi"
WRONG_LAST = "Codice errato: resta un ultimo tentativo"
CHANGED = "I documenti sono cambiati: ricarica la pagina e leggi la versione aggiornata"
CODE_STATE = ("code_hash", "code_sent_at", "code_expires_at", "code_attempts", "codes_sent")
"""A set's pending code, as :func:`send_code` replaces it."""


def code_hash(settings: Settings, set_id: str, code: str) -> str:
    """The code as kept: an HMAC keyed by the app's signing key, bound to the set."""
    key = settings.signing_key().encode()
    return hmac.new(key, f"{set_id}:{code}".encode(), hashlib.sha256).hexdigest()


def masked(email: str) -> str:
    """``mario.rossi@example.it`` → ``m***@example.it``: where the code went, not who."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"


async def _locked(session: AsyncSession, made: m.PrecontractSet) -> m.PrecontractSet:
    """``made`` read again and locked until the transaction ends (see :mod:`core.db.locks`)."""
    locked = await get_for_update(session, m.PrecontractSet, made.id)
    if locked is None:
        raise Conflict(CHANGED)
    return locked


async def send_code(
    session: AsyncSession, settings: Settings, tenant: Tenant, made: m.PrecontractSet
) -> str:
    """Mail a new code for ``made``; the masked address it went to. The set is read again
    locked: two requests at once send one code, not two with one counted."""
    made = await _locked(session, made)
    if made.confirmed_at is not None:
        raise Conflict(ALREADY)
    if not made.email:
        raise ClientError(NO_EMAIL)
    now = utcnow()
    if made.code_sent_at is not None and now - made.code_sent_at < RESEND_AFTER:
        raise ClientError(TOO_SOON)
    if made.codes_sent >= MAX_CODES:
        raise ClientError(TOO_MANY_CODES)
    before = {name: getattr(made, name) for name in CODE_STATE}
    code = f"{secrets.randbelow(10**6):06d}"
    made.code_hash = code_hash(settings, made.id, code)
    made.code_sent_at, made.code_expires_at = now, now + CODE_TTL
    made.code_attempts, made.codes_sent = 0, made.codes_sent + 1
    minutes = int(CODE_TTL.total_seconds() // 60)
    text = (
        f"Il tuo codice per confermare di aver ricevuto e letto i documenti precontrattuali "
        f"di {tenant.title} è:\n\n{code}\n\nIl codice vale {minutes} minuti. "
        "Se non hai chiesto tu il codice, ignora questa mail."
    )
    await send_mail(
        session, settings, to=made.email, subject=f"Codice di conferma - {tenant.title}",
        text=text, purpose=PURPOSE, undo=partial(_restore_code, made.id, before),
    )  # fmt: skip
    return masked(made.email)


async def _restore_code(set_id: str, before: dict[str, Any], session: AsyncSession) -> None:
    """A code that never reached the customer: the set's code as it was, not counted."""
    made = await session.get(m.PrecontractSet, set_id)
    if made is not None:
        for name, value in before.items():
            setattr(made, name, value)


async def confirm(
    session: AsyncSession,
    settings: Settings,
    made: m.PrecontractSet,
    *,
    code: str,
    hashes: list[str],
    address: str,
) -> None:
    """Record the confirmation when ``code`` is the pending one and ``hashes`` are the set's.
    A wrong code is counted (committed before the refusal), the fifth spends the code. The
    set is read again locked: guesses sent at once are counted one after the other, never
    more than :data:`MAX_ATTEMPTS` of them checked."""
    made = await _locked(session, made)
    if made.confirmed_at is not None:
        raise Conflict(ALREADY)
    if hashes != [str(entry.get("sha256")) for entry in made.documents]:
        raise Conflict(CHANGED)
    if made.code_hash is None or made.code_expires_at is None:
        raise ClientError(NO_CODE)
    if made.code_attempts >= MAX_ATTEMPTS:
        raise ClientError(SPENT)
    if utcnow() >= made.code_expires_at:
        raise ClientError(EXPIRED)
    if not hmac.compare_digest(made.code_hash, code_hash(settings, made.id, code)):
        made.code_attempts += 1
        left = MAX_ATTEMPTS - made.code_attempts
        await session.commit()  # the count stands though the request is refused
        if left <= 0:
            raise ClientError(SPENT)
        raise ClientError(WRONG_LAST if left == 1 else WRONG.format(left=left))
    made.confirmed_at, made.confirmed_address = utcnow(), address[:64]
    made.confirmed_channel, made.confirmed_hashes = CHANNEL, list(hashes)
    made.code_hash = made.code_expires_at = None
    await session.flush()
