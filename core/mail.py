"""Sending mail through the configured SMTP server; development also keeps an outbox."""

from __future__ import annotations

from email.message import EmailMessage

import aiosmtplib
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
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
