"""The socket calls of policy changes: ``creaAppendice``, ``annullaPolizza`` and
``storiaPolizza`` (the HTTP twins are in :mod:`core.domain.policy_changes.controllers`)."""

from __future__ import annotations

from typing import Any

from core import permissions as perm
from core.domain.policy_changes.wire import annul, endorse_payload, policy_history
from core.errors import ClientError
from core.extensions import CallContext
from core.guards import require
from core.realtime.guard import logged_in

NO_POLICY = "Indica la polizza"


async def crea_appendice(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{policyId, subtype, effectiveOn, annualPremium? | annualDifference?, …}``."""
    principal = logged_in(ctx)
    require(perm.sees_work, principal)
    return await endorse_payload(ctx.session, principal, data)


async def annulla_polizza(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{policyId, cancelledOn, reason, description?, refundedOn?, method?, preview?}``."""
    principal = logged_in(ctx)
    require(perm.sees_work, principal)
    return await annul(ctx.session, principal, data)


async def storia_polizza(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{policyId}`` → ``{changes, events}``."""
    principal = logged_in(ctx)
    require(perm.sees_work, principal)
    policy_id = data.get("policyId") if isinstance(data, dict) else None
    if not isinstance(policy_id, str) or not 0 < len(policy_id) <= 32:
        raise ClientError(NO_POLICY)
    return await policy_history(ctx.session, principal, policy_id)
