"""The socket calls of claims: ``apriSinistro`` and ``aggiornaSinistro`` (the HTTP twins are
in :mod:`core.domain.claims.controllers`)."""

from __future__ import annotations

from typing import Any

from core import permissions as perm
from core.domain.claims.serialize import claim_payload
from core.domain.claims.service import open_claim, update_claim
from core.extensions import CallContext
from core.guards import require
from core.i18n import today_in_rome
from core.realtime.guard import logged_in


async def apri_sinistro(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{policyId, eventDate, knownOn?, place?, description, counterparties?}`` → the claim."""
    principal = logged_in(ctx)
    require(perm.sees_work, principal)
    claim = await open_claim(ctx.session, ctx.host.push, principal, data, today_in_rome())
    return claim_payload(claim)


async def aggiorna_sinistro(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{claimId, …the fields to change}`` → the claim."""
    principal = logged_in(ctx)
    require(perm.sees_work, principal)
    return claim_payload(await update_claim(ctx.session, principal, data, today_in_rome()))
