"""The register's operations, one implementation for the routes and the calls: search, read
one plate with its quotes, add, change, retire."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    ClientError,
    Conflict,
    NotFound,
    Principal,
    for_update,
    in_agent_tree,
    require,
    utcnow,
)
from core.api import models as m
from core.api import permissions as perm
from plugins.rca.bodies import NewPlate, Owner, PlateChanges
from plugins.rca.models import Plate
from plugins.rca.owners import (
    Holder,
    client_by_id,
    client_named,
    holder_for,
    holder_of,
    require_writer,
)
from plugins.rca.payload import plate_payload, plates_in_view
from plugins.rca.plate_claims import claims_part, plate_claims
from plugins.rca.rules.plates import VehicleKind, validate_plate
from plugins.rca.search import (
    first_listed,
    first_matches,
    index_plates,
    search_key,
)

NOT_FOUND = "Targa non trovata"
DUPLICATE = "Targa già presente: {plate}"
RETIRED = "Targa ritirata: {plate} (aggiungila di nuovo per riattivarla)"
OWNER_FOR_TREE = "Cliente: indica il proprietario della targa per il nuovo collaboratore"
TAKEN_BY_RETIRED = "Targa già presente tra quelle ritirate: {plate} (aggiungila di nuovo)"
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
QUOTES_SHOWN = 100
POLICY_NUMBER = "policyNumber"
"""Where a quote's details keep the number of the policy issued from it (core's emission)."""


async def search_plates(
    session: AsyncSession, principal: Principal, q: str | None, limit: int = DEFAULT_LIMIT
) -> dict[str, Any]:
    """``{targhe, more}``: the plates in the user's view that ``q`` finds (all without
    ``q``), sorted by plate, at most ``limit``."""
    require(perm.sees_plates, principal)
    stmt = select(Plate).where(plates_in_view(principal))
    if q and q.strip():
        first = first_matches(principal, q, limit + 1)
        if first is None:
            return {"targhe": [], "more": False}
        stmt = stmt.where(Plate.id.in_(first))
    elif (listed := first_listed(principal, limit + 1)) is not None:
        stmt = stmt.where(Plate.id.in_(listed))
    found = (await session.execute(stmt.order_by(Plate.plate).limit(limit + 1))).scalars().all()
    return {"targhe": [plate_payload(p) for p in found[:limit]], "more": len(found) > limit}


async def visible_plate(
    session: AsyncSession, principal: Principal, plate_id: str, *, lock: bool = False
) -> Plate:
    """A plate of the user's agent tree, retired or not; 404 'Targa non trovata'."""
    stmt = select(Plate).where(Plate.id == plate_id, in_agent_tree(principal, Plate))
    found = await session.execute(for_update(stmt, Plate) if lock else stmt)
    plate = found.scalar_one_or_none()
    if plate is None:
        raise NotFound(NOT_FOUND)
    return plate


def plates_written(usr_data: object) -> Iterator[str]:
    """The plates customer data (a quote's ``usrData``) write in their ``targa`` fields, as
    written (``{value}`` or a bare string)."""
    for entry in usr_data if isinstance(usr_data, list) else []:
        if not isinstance(entry, dict) or "targa" not in (entry.get("_id"), entry.get("type")):
            continue
        value = entry.get("value")
        value = value.get("value") if isinstance(value, dict) else value
        if isinstance(value, str):
            yield value


def carries_plate(usr_data: object, plate: str) -> bool:
    """Whether customer data (a quote's ``usrData``) name ``plate`` in a ``targa`` field."""
    return any(search_key(value) == plate for value in plates_written(usr_data))


def policy_number(details: object) -> str | None:
    """The number of the policy issued from a quote (its ``quote.policyNumber``), or
    ``None`` while none is."""
    number = details.get(POLICY_NUMBER) if isinstance(details, dict) else None
    return number if isinstance(number, str) and number else None


async def plate_quotes(
    session: AsyncSession, principal: Principal, plate: Plate
) -> list[dict[str, Any]]:
    """The quotes of the plate's owner that carry the plate, and the one started from it,
    those the user may see, newest first; ``polizza``: the number of the policy issued from
    it, or ``None``."""
    mine = [m.Quote.id == plate.quote_id] if plate.quote_id else []
    if plate.client_id:
        mine.append(m.Quote.client_id == plate.client_id)
    if not mine:
        return []
    stmt = (
        select(m.Quote, m.Product.name)
        .outerjoin(m.Product, m.Product.id == m.Quote.product_id)
        .where(or_(*mine), in_agent_tree(principal, m.Quote))
        .order_by(m.Quote.at.desc())
        .limit(QUOTES_SHOWN)
    )
    return [
        {
            "_id": q.id,
            "status": q.status,
            "at": q.at.isoformat(),
            "product": product,
            "polizza": policy_number(q.quote),
        }
        for q, product in (await session.execute(stmt)).all()
        if q.id == plate.quote_id or carries_plate(q.usr_data, plate.plate)
    ]


async def plate_detail(
    session: AsyncSession, principal: Principal, plate_id: str
) -> dict[str, Any]:
    """The plate with its quotes (``preventivi``) and the claims on its policies
    (``sinistri``, ``atrSinistri``: :mod:`plugins.rca.plate_claims`); a retired plate is not
    found."""
    require(perm.sees_plates, principal)
    plate = await visible_plate(session, principal, plate_id)
    if not plate.active:
        raise NotFound(NOT_FOUND)
    quotes = await plate_quotes(session, principal, plate)
    claims = await plate_claims(session, principal, plate, [q["_id"] for q in quotes])
    return {**plate_payload(plate), "preventivi": quotes, **claims_part(claims)}


async def _by_number(session: AsyncSession, number: str) -> Plate | None:
    """The tenant's plate with this number, retired or not, locked (it is about to change)."""
    stmt = select(Plate).where(Plate.plate == number)
    return (await session.execute(for_update(stmt, Plate))).scalar_one_or_none()


async def _owner(session: AsyncSession, holder: Holder, owner: Owner) -> m.Client:
    """The client ``owner`` names in the holder's tree."""
    if owner.clientId is not None:
        return await client_by_id(session, holder, owner.clientId)
    return await client_named(session, holder, owner.nome or "", owner.cf or "")


def _file(plate: Plate, holder: Holder, client: m.Client | None) -> None:
    """File the plate under the collaborator and, when given, the owner."""
    plate.agent_id, plate.parent_agent_id = holder.agent_id, holder.parent_agent_id
    if client is not None:
        plate.client_id = client.id
        plate.owner_name, plate.owner_code = client.name, client.fiscal_code or ""


def _fill(plate: Plate, body: PlateChanges) -> None:
    """Copy the vehicle's fields the body gives (``tipoBersani: null`` clears it)."""
    given = body.model_fields_set
    if "tipoBersani" in given:
        plate.tipo_bersani = body.tipoBersani
    if body.targaAgev is not None:
        plate.targa_agev = body.targaAgev
    if body.marca is not None:
        plate.brand = body.marca
    if body.modello is not None:
        plate.model = body.modello
    if body.immatricolazione is not None:
        plate.registered_new = body.immatricolazione.isNew
        plate.registered_on = body.immatricolazione.day


async def _store(session: AsyncSession, plate: Plate) -> None:
    """Flush the plate (a clash with a plate written meanwhile is a 409) and its search
    keys."""
    try:
        await session.flush()
        await index_plates(session, [plate])
    except IntegrityError:
        raise Conflict(DUPLICATE.format(plate=plate.plate)) from None


async def add_plate(session: AsyncSession, principal: Principal, body: NewPlate) -> Plate:
    """A new plate, or a retired one brought back (same ``_id``); 409 when it is in the
    register already."""
    require_writer(principal)
    number = validate_plate(body.targa, body.tipo)
    plate = await _by_number(session, number)
    if plate is not None and plate.active:
        raise Conflict(DUPLICATE.format(plate=number))
    holder = await holder_for(session, principal, body.aId)
    client = await _owner(session, holder, body.cliente)
    if plate is None:
        plate = Plate(plate=number)
        session.add(plate)
    plate.kind, plate.active, plate.retired_at = body.tipo.value, True, None
    plate.tipo_bersani, plate.targa_agev, plate.model = None, False, ""
    _fill(plate, body)
    _file(plate, holder, client)
    await _store(session, plate)
    return plate


async def _renumber(session: AsyncSession, plate: Plate, body: PlateChanges) -> None:
    """Check the plate against its (new) kind and, when its number changes, the register."""
    if body.targa is None and body.tipo is None:
        return
    kind = body.tipo or VehicleKind(plate.kind)
    number = validate_plate(body.targa if body.targa is not None else plate.plate, kind)
    if number != plate.plate:
        clash = await _by_number(session, number)
        if clash is not None:
            message = DUPLICATE if clash.active else TAKEN_BY_RETIRED
            raise Conflict(message.format(plate=number))
    plate.plate, plate.kind = number, kind.value


async def _new_owner(
    session: AsyncSession, plate: Plate, holder: Holder, owner: Owner | None
) -> m.Client | None:
    """The owner a change names; or, for a plate moved to another agent tree, that tree's
    client with the owner's fiscal code; or ``None``: the owner stays."""
    if owner is not None:
        return await _owner(session, holder, owner)
    if holder.tree == (holder_of(plate) or holder).tree:
        return None
    if not plate.owner_code:
        raise ClientError(OWNER_FOR_TREE)
    return await client_named(session, holder, plate.owner_name, plate.owner_code)


async def change_plate(
    session: AsyncSession, principal: Principal, plate_id: str, body: PlateChanges
) -> Plate:
    """Apply ``body`` to a plate of the user's tree; 409 for a retired plate."""
    require_writer(principal)
    plate = await visible_plate(session, principal, plate_id, lock=True)
    if not plate.active:
        raise Conflict(RETIRED.format(plate=plate.plate))
    await _renumber(session, plate, body)
    holder = await holder_for(session, principal, body.aId, holder_of(plate))
    client = await _new_owner(session, plate, holder, body.cliente)
    _fill(plate, body)
    _file(plate, holder, client)
    await _store(session, plate)
    return plate


async def retire_plate(session: AsyncSession, principal: Principal, plate_id: str) -> None:
    """Retire a plate of the user's tree: it leaves the lists and the stream."""
    require_writer(principal)
    plate = await visible_plate(session, principal, plate_id, lock=True)
    if not plate.active:
        raise Conflict(RETIRED.format(plate=plate.plate))
    plate.active, plate.retired_at = False, utcnow()
    await _store(session, plate)
