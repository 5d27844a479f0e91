"""A plate follows its policies (core's ``policy_issued`` hook): when a policy is issued from a
quote whose customer data carry a plate, the register shows it on that plate — number,
company, expiry and, from the payload, the 15 days' grace of art. 170-bis CAP.

A plate not yet in the register is added, filed under the quote's agent and client; a retired
one comes back (the vehicle is insured again). Of two policies, the plate shows the one that
ends last. A plate no vehicle kind's format fits is left out: the policy is issued as ever.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import for_update
from core.api import models as m
from plugins.rca.models import Plate
from plugins.rca.register import plates_written
from plugins.rca.rules.errors import RcaRuleError
from plugins.rca.rules.plates import kinds_of, normalise
from plugins.rca.search import index_plates


def _entries(usr_data: object) -> list[Mapping[str, Any]]:
    return [e for e in usr_data if isinstance(e, Mapping)] if isinstance(usr_data, list) else []


def _value(usr_data: object, field_type: str) -> Any:
    """The value of the first customer field of ``field_type``, or ``None``."""
    return next((e.get("value") for e in _entries(usr_data) if e.get("type") == field_type), None)


def quote_plate(usr_data: object) -> str | None:
    """The normalised plate a quote's customer data carry (``targa``), or ``None``."""
    text = next(plates_written(usr_data), None)
    if text is None:
        return None
    try:
        return normalise(text)
    except RcaRuleError:
        return None


def _registration(usr_data: object) -> tuple[bool, date | None]:
    value = _value(usr_data, "immatricolazione")
    if not isinstance(value, Mapping) or value.get("isNew") is True:
        return bool(isinstance(value, Mapping)), None
    try:
        return False, date.fromisoformat(str(value.get("date")))
    except ValueError:
        return False, None


async def _registered(session: AsyncSession, number: str, quote: m.Quote) -> Plate | None:
    """A new plate for ``number`` from the quote's data; ``None`` when no kind fits it."""
    kinds = kinds_of(number)
    if not kinds:
        return None
    client = await session.get(m.Client, quote.client_id) if quote.client_id else None
    vehicle = _value(quote.usr_data, "marcamodello")
    vehicle = vehicle if isinstance(vehicle, Mapping) else {}
    registered_new, registered_on = _registration(quote.usr_data)
    plate = Plate(
        plate=number, kind=kinds[0].value, agent_id=quote.agent_id,
        parent_agent_id=quote.parent_agent_id, client_id=quote.client_id,
        owner_name=client.name if client else "",
        owner_code=(client.fiscal_code or "") if client else "",
        brand=str(vehicle.get("brand") or "")[:80], model=str(vehicle.get("model") or "")[:120],
        registered_new=registered_new, registered_on=registered_on,
    )  # fmt: skip
    session.add(plate)
    return plate


def _ends_first(new: date | None, shown: date | None) -> bool:
    return new is not None and shown is not None and new < shown


async def follow_policy(session: AsyncSession, policy: m.Policy, quote: m.Quote) -> None:
    """Show ``policy`` on the plate of the quote it was issued from."""
    number = quote_plate(quote.usr_data)
    if number is None:
        return
    stmt = for_update(select(Plate).where(Plate.plate == number), Plate)
    plate = (await session.execute(stmt)).scalar_one_or_none()
    if plate is None:
        plate = await _registered(session, number, quote)
        if plate is None:
            return
    elif plate.active and _ends_first(policy.end_date, plate.expiry):
        return  # the plate already shows a policy that ends later
    plate.active, plate.retired_at = True, None
    plate.policy_id, plate.policy_number = policy.id, policy.number
    plate.company, plate.expiry, plate.quote_id = policy.company, policy.end_date, quote.id
    await session.flush()
    await index_plates(session, [plate])
