"""Closing the sockets of users who may no longer be connected (close codes ≥ 4500).

A suspended user is closed with 4501 and a deleted one with 4502, on every process
(through the bus), so the client does not reconnect on its own (DESIGN §4).
"""

from __future__ import annotations

from core.db import models as m
from core.db.engine import CommitHook
from core.realtime import protocol
from core.realtime.changes import DELETE, UPDATE, Change
from core.realtime.hub import Hub

SUSPENDED = "Account sospeso"
REMOVED = "Account eliminato"


def kicker(hub: Hub) -> CommitHook:
    """The ``on_commit`` hook that kicks suspended and deleted users."""

    async def kick_changed_users(changes: list[Change]) -> None:
        for change in changes:
            user = change.obj
            if not isinstance(user, m.User):
                continue
            if change.operation == DELETE:
                await hub.kick(change.tenant_id, user.id, protocol.CLOSE_KICKED, REMOVED)
            elif change.operation == UPDATE and user.suspended_at is not None:
                await hub.kick(change.tenant_id, user.id, protocol.CLOSE_SUSPENDED, SUSPENDED)

    return kick_changed_users
