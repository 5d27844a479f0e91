"""A reminder's words: the policy's cover said in Italian (art. 1901 c.c.) and the e-mail to
the customer."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from core.domain.policies.cover import Cover, suspended_from
from core.i18n import ROME
from core.mail import Mail
from core.money import euro_text

SIX_MONTHS = "la compagnia può risolvere il contratto (art. 1901 c. 3 c.c.)"


def midnight_words(instant: datetime) -> str:
    """An instant at the start of a day in Europe/Rome, said as the article says it: 00:00 of
    the 17th is '24:00 del 16/…'."""
    day = instant.astimezone(ROME).date() - timedelta(days=1)
    return f"24:00 del {day:%d/%m/%Y}"


def cover_words(cover: Cover, due: date, *, first: bool) -> str:
    """The cover in words for a reminder of the instalment due on ``due``."""
    if cover.status == "in_copertura":
        ahead = cover.until or suspended_from(due, first=first)
        return f"se la rata non è pagata, la copertura sarà sospesa dalle {midnight_words(ahead)}"
    assert cover.since is not None
    since = f"la copertura è sospesa dalle {midnight_words(cover.since)}"
    if cover.status == "insoluta_sei_mesi":
        return f"{since}; trascorsi sei mesi dalla scadenza, {SIX_MONTHS}"
    return f"{since} e riprende dalle 24:00 del giorno del pagamento"


def reminder_mail(
    *, to: str, customer: str, policy: str, n: int, due: date, total: Decimal,
    today: date, cover: str, link: str,
) -> Mail:  # fmt: skip
    """The customer's e-mail: the amount, the due date, the cover in words, the purchase link."""
    late = due < today
    verb = "è scaduta" if late else ("scade oggi" if due == today else "scadrà")
    when = "" if due == today else f" il {due:%d/%m/%Y}"
    subject = f"{'Sollecito' if late else 'Promemoria'}: rata {n} della polizza {policy}"
    text = (
        f"Gentile {customer or 'cliente'},\n\n"
        f"la rata {n} della polizza {policy}, di {euro_text(total)}, {verb}{when}.\n"
        f"{cover[0].upper()}{cover[1:]}.\n\n"
        f"Può pagarla da questa pagina:\n{link}\n\n"
        "Se ha già pagato, non tenga conto di questo messaggio.\n"
    )
    return Mail(to, subject[:300], text)
