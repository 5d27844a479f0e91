"""A plate as the routes, the calls and the stream send it (one dict for all three), and who
may see it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from sqlalchemy import ColumnElement

from core.api import Principal, in_agent_tree
from core.api import permissions as perm
from plugins.rca.models import Plate

PRODUCT_ID = "rca"
CHANNEL = "rca/targhe"
GRACE_DAYS = 15
"""Art. 170-bis c. 1 CAP: the insurer keeps covering the vehicle for 15 days after expiry."""


def _day(value: date | None) -> str | None:
    """``YYYY-MM-DD``, or ``None``."""
    return value.isoformat() if value is not None else None


def policy_payload(row: Any) -> dict[str, Any] | None:
    """The plate's current policy, with the last day of its grace period, or ``None``."""
    if row.policy_id is None:
        return None
    grace = row.expiry + timedelta(days=GRACE_DAYS) if row.expiry is not None else None
    return {
        "_id": row.policy_id,
        "numero": row.policy_number,
        "compagnia": row.company,
        "scadenza": _day(row.expiry),
        "grazia": _day(grace),
    }


def registration_payload(row: Any) -> dict[str, Any]:
    """``{isNew: true}`` or ``{isNew: false, date}`` (SPEC's ``immatricolazione``)."""
    if row.registered_new:
        return {"isNew": True}
    return {"isNew": False, "date": _day(row.registered_on)}


def plate_payload(row: Any) -> dict[str, Any]:
    """The wire shape of a plate (a :class:`Plate` or a row of its columns). A retired plate
    is only ``{_id, active: false}``: no one receives it, and the subscribers who had it get
    its deletion."""
    if not row.active:
        return {"_id": row.id, "active": False}
    return {
        "_id": row.id,
        "targa": row.plate,
        "tipo": row.kind,
        "tipoBersani": row.tipo_bersani,
        "targaAgev": row.targa_agev,
        "clientId": row.client_id,
        "cliente": row.owner_name,
        "cf": row.owner_code,
        "aId": row.agent_id,
        "agId": row.parent_agent_id,
        "marca": row.brand,
        "modello": row.model,
        "immatricolazione": registration_payload(row),
        "polizza": policy_payload(row),
        "preventivo": row.quote_id,
        "at": row.updated_at.isoformat() if row.updated_at is not None else None,
    }


def plate_visible(principal: Principal, plate: Mapping[str, Any]) -> bool:
    """The agent-tree rule on a payload; a retired plate is no one's."""
    return plate.get("active", True) is not False and perm.record_visible(principal, plate)


def plates_in_view(principal: Principal) -> ColumnElement[bool]:
    """:func:`plate_visible` in SQL: the plates a user's lists and stream hold."""
    return in_agent_tree(principal, Plate) & Plate.active.is_(True)
