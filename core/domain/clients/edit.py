"""Editing a client's contacts and identity document (``PATCH /api/clients/{id}``).

Who may: those who open the clients screen (SPEC §6: agents and admins) — an admin any
client of the tenant, an agent the clients of the tree it heads; a sub-agent reads only.
Another tree's or another tenant's client is not found, as on the detail page.

The address, PEC and identity document live in the client's ``data`` (``address``, ``pec``,
``idType``, ``idNumber``, ``idExpiry``); e-mail and phone in their columns. Each value is
checked (format, length, a real date) with an Italian message naming the field; a change is
audited like every write to a client and announced on the ``clienti`` stream.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import get_for_update
from core.domain.clients.queries import NOT_FOUND, client_visible
from core.domain.clients.rules import NOT_YOURS, may_edit
from core.errors import Forbidden, NotFound

BAD_EMAIL = "Indirizzo e-mail non valido"
BAD_PEC = "Indirizzo PEC non valido"
BAD_PHONE = "Numero di telefono non valido: solo cifre, spazi e un + iniziale (da 6 a 15 cifre)"
BAD_DOCUMENT = "Numero del documento non valido: da 5 a 20 lettere o cifre"
BAD_EXPIRY = "Data di scadenza non valida: tra il 01/01/1950 e il 31/12/2100"
NO_CONTROL = "Il testo contiene caratteri non ammessi"
ID_TYPES = ("ci", "patente", "passaporto")
DATA_KEYS = ("address", "pec", "idType", "idNumber", "idExpiry")
_EMAIL = re.compile(r"^[^@\s]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$")
_PHONE = re.compile(r"^\+?[0-9][0-9 ./-]*$")
_DOCUMENT = re.compile(r"^[A-Z0-9]{5,20}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _text(value: str | None) -> str | None:
    if value is None:
        return None
    if _CONTROL.search(value):
        raise ValueError(NO_CONTROL)
    return " ".join(value.split()) or None


class ClientChanges(BaseModel):
    """The editable fields; a field left out stays as it is, ``null`` or ``""`` clears it."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    address: str | None = Field(default=None, max_length=200)
    pec: str | None = Field(default=None, max_length=254)
    email: str | None = Field(default=None, max_length=254)
    phone: str | None = Field(default=None, max_length=40)
    idType: Literal["ci", "patente", "passaporto", ""] | None = None  # noqa: N815
    idNumber: str | None = Field(default=None, max_length=20)  # noqa: N815
    idExpiry: date | Literal[""] | None = None  # noqa: N815

    @field_validator("address")
    @classmethod
    def _address(cls, value: str | None) -> str | None:
        return _text(value)

    @field_validator("email", "pec")
    @classmethod
    def _mail(cls, value: str | None, info: Any) -> str | None:
        value = _text(value)
        if value is not None and not _EMAIL.match(value):
            raise ValueError(BAD_PEC if info.field_name == "pec" else BAD_EMAIL)
        return value.lower() if value else None

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str | None) -> str | None:
        value = _text(value)
        if value is None:
            return None
        digits = sum(c.isdigit() for c in value)
        if not _PHONE.match(value) or not 6 <= digits <= 15:
            raise ValueError(BAD_PHONE)
        return value

    @field_validator("idNumber")
    @classmethod
    def _document(cls, value: str | None) -> str | None:
        value = _text(value)
        if value is None:
            return None
        plain = value.replace(" ", "").upper()
        if not _DOCUMENT.match(plain):
            raise ValueError(BAD_DOCUMENT)
        return plain

    @field_validator("idExpiry", mode="before")
    @classmethod
    def _expiry(cls, value: Any) -> Any:
        if value in (None, ""):
            return value
        try:
            day = date.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            day = None
        if day is None or not date(1950, 1, 1) <= day <= date(2100, 12, 31):
            raise ValueError(BAD_EXPIRY)
        return day


async def update_client(
    session: AsyncSession, principal: Principal, client_id: str, changes: ClientChanges
) -> m.Client:
    """Apply ``changes`` to a client the principal may edit (404 unseen, 403 read-only)."""
    if not perm.sees_clients(principal):
        raise Forbidden(NOT_YOURS)
    client = await get_for_update(session, m.Client, client_id)  # two edits: both kept
    if client is None or not await client_visible(session, principal, client):
        raise NotFound(NOT_FOUND)
    if not may_edit(principal, client):
        raise Forbidden(NOT_YOURS)
    given = changes.model_dump(exclude_unset=True)
    data = dict(client.data or {})
    for key in DATA_KEYS:
        if key in given:
            value = given[key]
            if value in (None, ""):
                data.pop(key, None)
            else:
                data[key] = value.isoformat() if isinstance(value, date) else value
    if data != (client.data or {}):
        client.data = data
    for column in ("email", "phone"):
        if column in given and getattr(client, column) != (given[column] or None):
            setattr(client, column, given[column] or None)
    await session.flush()
    return client
