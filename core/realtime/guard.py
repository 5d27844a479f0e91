"""The checks realtime calls start with: a logged-in user, and a product line switched on."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from core import permissions as perm
from core.auth.principal import Principal
from core.errors import Forbidden, NotAuthenticated, SportelloError
from core.extensions import CallContext, CallHandler

LOGIN_FIRST = "Non autorizzato: effettua l'accesso"
UNKNOWN_CALL = "Chiamata sconosciuta: {name}"
PRODUCT_NOT_YOURS = "Prodotto non abilitato per il tuo utente"


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


def product_calls(product_id: str, calls: Mapping[str, CallHandler]) -> dict[str, CallHandler]:
    """A product line's calls: unknown where the tenant has the line off, refused to users
    who may not work it (admins all lines; others the extra products on their list)."""

    def gate(name: str, handler: CallHandler) -> CallHandler:
        @functools.wraps(handler)
        async def gated(ctx: CallContext, data: object) -> object:
            enabled = await ctx.runtime.enabled_products(ctx.session, ctx.tenant)
            if product_id not in enabled:
                raise unknown_call(name)
            if not perm.sees_extra_product(logged_in(ctx), product_id, enabled):
                raise Forbidden(PRODUCT_NOT_YOURS)
            return await handler(ctx, data)

        return gated

    return {name: gate(name, handler) for name, handler in calls.items()}
