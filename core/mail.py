"""Sending mail through the configured SMTP server; development also keeps an outbox."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage

import aiosmtplib
import structlog
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import new_id, utcnow
from core.settings import Settings

log = structlog.get_logger(__name__)


class MailError(RuntimeError):
    """The SMTP server refused or could not be reached."""


def build_message(settings: Settings, *, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.mail.sender
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    return message


async def send_mail(
    session: AsyncSession,
    settings: Settings,
    *,
    to: str,
    subject: str,
    text: str,
    purpose: str = "",
    flush: bool = True,
) -> None:
    """Send through SMTP when configured; outside production keep a copy in the outbox
    (without ``flush``, written with the caller's next flush: a job sending many)."""
    delivered = False
    if settings.mail.host:
        message = build_message(settings, to=to, subject=subject, text=text)
        try:
            await aiosmtplib.send(
                message,
                hostname=settings.mail.host,
                port=settings.mail.port,
                username=settings.mail.username or None,
                password=settings.mail.password or None,
                start_tls=settings.mail.starttls,
                timeout=15,
            )
            delivered = True
        except (aiosmtplib.SMTPException, OSError) as exc:
            log.error("mail.failed", to=to, purpose=purpose, error=str(exc))
            if settings.is_production:
                raise MailError("Invio della mail non riuscito") from exc
    if not settings.is_production:
        session.add(
            m.OutboxMail(to=to, subject=subject, text=text, purpose=purpose, delivered=delivered)
        )
        if flush:
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
    SMTP server accepted (every one when there is none: kept in the outbox only)."""
    delivered: list[bool] = []
    for mail in mails:
        ok = False
        if settings.mail.host:
            try:
                message = build_message(settings, to=mail.to, subject=mail.subject, text=mail.text)
                await aiosmtplib.send(
                    message, hostname=settings.mail.host, port=settings.mail.port,
                    username=settings.mail.username or None,
                    password=settings.mail.password or None,
                    start_tls=settings.mail.starttls, timeout=15,
                )  # fmt: skip
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
