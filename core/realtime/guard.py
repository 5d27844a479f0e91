"""What realtime calls start with: a logged-in user; and the errors calls answer."""

from __future__ import annotations

from core.auth.principal import Principal
from core.errors import NotAuthenticated, SportelloError
from core.extensions import CallContext
from core.messages import LOGIN_FIRST, UNKNOWN_CALL


class CallError(SportelloError):
    """A realtime call that failed for a reason the caller should read."""

    status_code = 400
    name = "CallError"


def unknown_call(name: str) -> CallError:
    """What a call that does not exist (here, for this tenant) answers."""
    return CallError(UNKNOWN_CALL.format(name=name[:60]))


def logged_in(ctx: CallContext) -> Principal:
    """The caller, or ``NotAuthenticated`` (a "Non …" message) when the socket has no user."""
    if ctx.principal is None:
        raise NotAuthenticated(LOGIN_FIRST)
    return ctx.principal
