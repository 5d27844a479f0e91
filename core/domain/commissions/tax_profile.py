"""A collaborator's tax profile: the withholding base (art. 25-bis DPR 600/1973, or none in
the flat-rate regime), the rate, the codice fiscale or partita IVA, and the IBAN commissions
are paid to. Admins read and change any collaborator's; a collaborator reads their own.
Collaborators are agents (sub-agents too) and referrers."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.iban import is_iban
from core.domain.commissions.iban import normalise as iban_text
from core.domain.commissions.withholding import BaseCode, base_percent, describe
from core.domain.products.fields.fiscal import is_codice_fiscale, is_partita_iva, normalise
from core.errors import ClientError, Forbidden, NotFound
from core.messages import USER_NOT_FOUND
from core.money import as_number
from core.validation import NumberOnly, parse

ADMINS_ONLY = "Solo gli amministratori modificano il profilo fiscale"
NOT_YOURS = "Puoi vedere solo il tuo profilo fiscale"
NOT_A_COLLABORATOR = "Il profilo fiscale è dei collaboratori e dei segnalatori"
BAD_TAX_CODE = "Codice fiscale non valido: 16 caratteri con il carattere di controllo giusto"
BAD_VAT = "Partita IVA non valida: 11 cifre con la cifra di controllo giusta"
BAD_IBAN = "IBAN non valido: controlla paese, lunghezza (27 caratteri per l'Italia) e cifre"
NO_IDENTITY = "Indica il codice fiscale o la partita IVA del collaboratore"
FLAT_RATE_NEEDS_VAT = "Il regime forfettario richiede la partita IVA"
INVALID = "Profilo fiscale non valido"

Rate = Annotated[Decimal, NumberOnly, Field(ge=0, le=100, max_digits=5, decimal_places=2)]


class TaxProfileBody(BaseModel):
    """What an admin saves; empty texts clear a field."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    base: BaseCode
    rate: Rate | None = None
    """The rate in %; absent, the user's stays (it is also set with the user's rates)."""
    taxCode: str | None = Field(default=None, max_length=40)  # noqa: N815 (wire names)
    vatNumber: str | None = Field(default=None, max_length=40)  # noqa: N815
    iban: str | None = Field(default=None, max_length=60)

    @field_validator("taxCode")
    @classmethod
    def _tax_code(cls, value: str | None) -> str | None:
        if not value:
            return None
        if not is_codice_fiscale(value):
            raise ValueError(BAD_TAX_CODE)
        return normalise(value)

    @field_validator("vatNumber")
    @classmethod
    def _vat(cls, value: str | None) -> str | None:
        if not value:
            return None
        code = normalise(value).removeprefix("IT")
        if not is_partita_iva(code):
            raise ValueError(BAD_VAT)
        return code

    @field_validator("iban")
    @classmethod
    def _iban(cls, value: str | None) -> str | None:
        if not value:
            return None
        if not is_iban(value):
            raise ValueError(BAD_IBAN)
        return iban_text(value)

    @model_validator(mode="after")
    def _whole(self) -> TaxProfileBody:
        if not self.taxCode and not self.vatNumber:
            raise ValueError(NO_IDENTITY)
        if self.base == "nessuna" and not self.vatNumber:
            raise ValueError(FLAT_RATE_NEEDS_VAT)
        return self


def is_collaborator(user: m.User) -> bool:
    """Agents (sub-agents included) and referrers: those commissions are paid to."""
    role = user.role or {}
    return bool(role.get("a")) or bool(role.get("segnalatore"))


def profile_payload(user: m.User) -> dict[str, Any]:
    rate = user.ritenuta or Decimal(0)
    return {
        "userId": user.id,
        "base": user.withholding_base,
        "basePercent": as_number(base_percent(user.withholding_base)),
        "rate": as_number(rate),
        "description": describe(user.withholding_base, rate),
        "taxCode": user.tax_code,
        "vatNumber": user.vat_number,
        "iban": user.iban,
    }


async def _collaborator(session: AsyncSession, user_id: str) -> m.User:
    user = await session.get(m.User, user_id) if len(user_id) <= 32 else None
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    if not is_collaborator(user):
        raise ClientError(NOT_A_COLLABORATOR)
    return user


async def read_profile(session: AsyncSession, principal: Principal, user_id: str) -> dict[str, Any]:
    """An admin reads anyone's profile, a collaborator their own."""
    if not principal.is_admin and principal.id != user_id:
        raise Forbidden(NOT_YOURS)
    return profile_payload(await _collaborator(session, user_id))


async def save_profile(
    session: AsyncSession, principal: Principal, user_id: str, data: Any
) -> dict[str, Any]:
    """An admin sets a collaborator's profile, or nothing changes with the first problem."""
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    body = parse(TaxProfileBody, data, INVALID)
    user = await _collaborator(session, user_id)
    user.withholding_base = body.base
    if body.rate is not None:
        user.ritenuta = body.rate
    user.tax_code, user.vat_number, user.iban = body.taxCode, body.vatNumber, body.iban
    await session.flush()
    return profile_payload(user)
