"""Pushes that follow committed changes: a quote entering a status that alerts some roles
(SPEC §4: 'Emissione richiesta' alerts admins and responsabili) reaches those roles' users
who see the quote, once the change is committed."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from core.db import models as m
from core.db.changes import Change
from core.db.engine import CommitHook
from core.db.tenancy import TenantSession
from core.extensions import StatusDef
from core.push.sender import Push, PushSender

MARK = "_entered_status"
"""Set on a quote whose status changed in a flush (a plain attribute, not a column)."""


@event.listens_for(TenantSession, "after_flush")
def _mark_status_changes(session: Session, _ctx: Any) -> None:
    for obj in (*session.new, *session.dirty):
        if not isinstance(obj, m.Quote) or obj.status is None:
            continue
        if obj in session.new or inspect(obj).attrs["status"].history.has_changes():
            setattr(obj, MARK, obj.status)


def quote_path(quote: m.Quote) -> str:
    """The quote's page: a plain quote's, or its product line's."""
    return f"/{quote.type or 'preventivi'}/{quote.id}"


def status_alerts(sender: PushSender, statuses: tuple[StatusDef, ...]) -> CommitHook:
    """The commit hook that queues a push for each quote that entered an alerting status."""
    by_name = {status.name: status for status in statuses}

    async def hook(changes: list[Change]) -> None:
        for change in changes:
            quote = change.obj
            if not isinstance(quote, m.Quote) or change.operation == "delete":
                continue
            entered = quote.__dict__.pop(MARK, None)
            status = by_name.get(entered) if isinstance(entered, str) else None
            if status is None or not status.alert:
                continue
            sender.send(Push(
                change.tenant_id, (), status.name, "Un preventivo richiede la tua attenzione",
                quote_path(quote), tag=f"quote-{quote.id}", alert=(quote.id, status.alert),
            ))  # fmt: skip

    return hook
