"""A customer's data as one machine-readable file (art. 15 right of access, art. 20 right to
data portability GDPR): the client record, quotes, policies, claims, consents and the list of
documents, as the user asking may see them (the client page's rule,
:func:`core.domain.clients.queries.client_detail`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.claims.serialize import claim_payload
from core.domain.clients.queries import client_detail
from core.domain.privacy.consents import consent_payload, history
from core.domain.privacy.log import record
from core.domain.quotes.queries import in_agent_tree

FORMAT = "sportello-dati-cliente/1"
DOCUMENT_FIELDS = ("_id", "name", "type", "fileType", "size", "at", "owner")


def _document(document: dict[str, Any]) -> dict[str, Any]:
    """A document's description (its file is not part of the JSON: the list says it exists)."""
    return {key: document.get(key) for key in DOCUMENT_FIELDS if key in document}


async def export_client(
    session: AsyncSession, principal: Principal, client_id: str, tenant_id: str
) -> dict[str, Any]:
    """The export, logged; not found for a client the principal may not see."""
    detail = await client_detail(session, principal, client_id)
    policy_ids = [p["_id"] for p in detail["policies"]]
    claims = (
        (
            await session.execute(
                select(m.Claim)
                .where(m.Claim.policy_id.in_(policy_ids), in_agent_tree(principal, m.Claim))
                .order_by(m.Claim.event_date)
            )
        )
        .scalars()
        .all()
        if policy_ids
        else []
    )
    consents = await history(session, client_id)
    record(session, "esportazione", principal.id, client_id, tenant=tenant_id)
    await session.flush()
    return {
        "format": FORMAT,
        "exportedAt": utcnow().isoformat(),
        "tenant": tenant_id,
        "client": detail["client"],
        "quotes": detail["quotes"],
        "policies": detail["policies"],
        "claims": [claim_payload(c) for c in claims],
        "consents": [consent_payload(c) for c in consents],
        "documents": [_document(d) for d in detail["documents"]],
    }
