"""Closing the sockets of sessions that ended (close codes ≥ 4500), on every process.

* A deleted user: 4502; a suspended one: 4501.
* Credentials changed (new password, role change, 'esci da tutti i dispositivi'): every
  socket logged in with an older ``credentials_version`` gets 4500.
* A token revoked by logout: the sockets logged in with that token get 4500.

The client does not reconnect on its own after these codes (DESIGN §4).
"""

from __future__ import annotations

from core.db import models as m
from core.db.changes import DELETE, INSERT, UPDATE, Change
from core.db.engine import CommitHook
from core.messages import REMOVED, SESSION_ENDED, SUSPENDED
from core.realtime import protocol
from core.realtime.hub import Hub


def kicker(hub: Hub) -> CommitHook:
    """The ``on_commit`` hook that closes the sockets of ended sessions."""

    async def kick_ended_sessions(changes: list[Change]) -> None:
        for change in changes:
            row = change.obj
            if isinstance(row, m.RevokedToken) and change.operation == INSERT:
                await hub.kick(
                    change.tenant_id, row.user_id, protocol.CLOSE_LOGGED_OUT, SESSION_ENDED,
                    jti=row.jti,
                )  # fmt: skip
            if not isinstance(row, m.User):
                continue
            if change.operation == DELETE:
                await hub.kick(change.tenant_id, row.id, protocol.CLOSE_KICKED, REMOVED)
            elif change.operation == UPDATE and row.suspended_at is not None:
                await hub.kick(change.tenant_id, row.id, protocol.CLOSE_SUSPENDED, SUSPENDED)
            elif change.operation == UPDATE:
                await hub.kick(
                    change.tenant_id, row.id, protocol.CLOSE_LOGGED_OUT, SESSION_ENDED,
                    older_than=row.credentials_version,
                )  # fmt: skip

    return kick_ended_sessions
