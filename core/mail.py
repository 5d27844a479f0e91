"""Sending mail through the configured SMTP server; development also keeps an outbox."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage

import aiosmtplib
import structlog
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import new_id, utcnow
from core.errors import SportelloError
from core.settings import Settings

log = structlog.get_logger(__name__)

SMTP_TIMEOUT_S = 15


MAIL_FAILED = "Invio della mail non riuscito: riprova più tardi"

Undo = Callable[[AsyncSession], Awaitable[None]]
"""What takes back the change a mail stood for, when the mail could not go."""


class MailError(SportelloError):
    """The SMTP server refused or could not be reached (503), in production."""

    status_code = 503
    name = "ServiceUnavailable"


def build_message(settings: Settings, *, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.mail.sender
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    return message


async def _deliver(settings: Settings, message: EmailMessage) -> None:
    await aiosmtplib.send(
        message, hostname=settings.mail.host, port=settings.mail.port,
        username=settings.mail.username or None, password=settings.mail.password or None,
        start_tls=settings.mail.starttls, timeout=SMTP_TIMEOUT_S,
    )  # fmt: skip


async def send_mail(
    session: AsyncSession,
    settings: Settings,
    *,
    to: str,
    subject: str,
    text: str,
    purpose: str = "",
    undo: Undo | None = None,
) -> None:
    """Send through SMTP when configured; outside production keep a copy in the outbox.

    What the caller did is committed before the SMTP server is reached, so no transaction (on
    SQLite, the whole database's write lock) waits on it: a slow or dead mail server holds up
    nobody else's request. When the mail cannot go in production, ``undo`` takes back what it
    stood for in a transaction of its own, and :class:`MailError` says so in Italian."""
    delivered = False
    if settings.mail.host:
        await session.commit()
        try:
            await _deliver(settings, build_message(settings, to=to, subject=subject, text=text))
            delivered = True
        except (aiosmtplib.SMTPException, OSError) as exc:
            log.error("mail.failed", to=to, purpose=purpose, error=str(exc))
            if settings.is_production:
                if undo is not None:
                    await undo(session)
                    await session.commit()
                raise MailError(MAIL_FAILED) from exc
    if not settings.is_production:
        session.add(
            m.OutboxMail(to=to, subject=subject, text=text, purpose=purpose, delivered=delivered)
        )
        await session.flush()
    log.info("mail.sent", to=to, purpose=purpose, delivered=delivered)


@dataclass(frozen=True, slots=True)
class Mail:
    to: str
    subject: str
    text: str


async def send_mails(
    session: AsyncSession, settings: Settings, mails: Sequence[Mail], *, purpose: str
) -> int:
    """Send many (a job's): each through SMTP when configured, one failing not stopping the
    others; outside production their copies go to the outbox in one insert. The number the
    SMTP server accepted (every one when there is none: kept in the outbox only). Whatever
    the session did before is committed first, as :func:`send_mail` does."""
    delivered: list[bool] = []
    if mails and settings.mail.host:
        await session.commit()
    for mail in mails:
        ok = False
        if settings.mail.host:
            try:
                message = build_message(settings, to=mail.to, subject=mail.subject, text=mail.text)
                await _deliver(settings, message)
                ok = True
            except (aiosmtplib.SMTPException, OSError) as exc:
                log.error("mail.failed", to=mail.to, purpose=purpose, error=str(exc))
        delivered.append(ok)
    if mails and not settings.is_production:
        at = utcnow()
        rows = [
            {"id": new_id(), "at": at, "to": mail.to, "subject": mail.subject, "text": mail.text,
             "purpose": purpose, "delivered": ok}
            for mail, ok in zip(mails, delivered, strict=True)
        ]  # fmt: skip
        await session.execute(insert(m.OutboxMail), rows)
    log.info("mail.sent_many", purpose=purpose, mails=len(mails), delivered=sum(delivered))
    return sum(delivered) if settings.mail.host else len(mails)
