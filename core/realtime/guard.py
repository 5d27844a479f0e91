"""The login check every user-facing realtime call starts with."""

from __future__ import annotations

from core.auth.principal import Principal
from core.errors import NotAuthenticated
from core.extensions import CallContext

LOGIN_FIRST = "Non autorizzato: effettua l'accesso"


def logged_in(ctx: CallContext) -> Principal:
    """The caller, or ``NotAuthenticated`` (a "Non …" message) when the socket has no user."""
    if ctx.principal is None:
        raise NotAuthenticated(LOGIN_FIRST)
    return ctx.principal
