"""Who may edit a client, and its contact fields as the detail page shows them."""

from __future__ import annotations

from datetime import date
from typing import Any

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.i18n import today_in_rome

NOT_YOURS = "Non puoi modificare questo cliente"


def contact_payload(client: m.Client, today: date | None = None) -> dict[str, Any]:
    """The editable contact and document fields, with ``idExpired`` when the document's
    expiry is before today (Europe/Rome)."""
    data = client.data or {}
    expiry = data.get("idExpiry")
    expired = bool(expiry) and str(expiry) < (today or today_in_rome()).isoformat()
    return {
        "address": data.get("address"), "pec": data.get("pec"), "idType": data.get("idType"),
        "idNumber": data.get("idNumber"), "idExpiry": expiry, "idExpired": expired,
    }  # fmt: skip


def may_edit(principal: Principal, client: m.Client) -> bool:
    """Managers any client (the clients screen opens to admins only among them); an agent
    the clients of the tree it heads."""
    scope = perm.agent_scope(principal)
    if scope.all:
        return True
    return scope.parent_agent_id is not None and client.owner_agent_id == scope.parent_agent_id
