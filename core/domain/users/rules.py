"""What a user manager may change (SPEC §3 'Current user', §6): the fields, their bounds and
who may touch whom. Pure checks on plain data; :mod:`core.domain.users.manage` applies them."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from core.auth.principal import Principal
from core.auth.roles import GRANTABLE_BY_EMPLOYEE, Role
from core.errors import ClientError, Forbidden
from core.messages import ABOVE_YOUR_ROLE, NOT_FOR_YOUR_ROLE
from core.permissions import sees_users
from core.validation import NumberOnly

Percent = Annotated[Decimal, NumberOnly, Field(ge=0, le=100, max_digits=5, decimal_places=2)]
RATE_FIELDS = ("provvEmissione", "provvIstruttoria", "provvConsulenza")
MAX_REFERRED = 500
BAD_RATE = "Provvigione non valida ({field}): deve essere un numero tra 0 e 100"
UNKNOWN_RATE_KEY = "Provvigione per un prodotto sconosciuto: {key}"


class ProductRates(BaseModel):
    """A product's own rates; a missing one falls back to ``provv.default``."""

    model_config = ConfigDict(extra="forbid")
    provvEmissione: Percent | None = None  # noqa: N815 (wire names)
    provvIstruttoria: Percent | None = None  # noqa: N815
    provvConsulenza: Percent | None = None  # noqa: N815


class UserInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ritenuta: Percent = Decimal(0)


class UserChanges(BaseModel):
    """What ``/utenti/{id}`` saves; absent fields stay as they are."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    role: Role | None = None
    extraProducts: list[Annotated[str, Field(max_length=64)]] | None = Field(  # noqa: N815
        default=None, max_length=20
    )
    users: list[Annotated[str, Field(max_length=32)]] | None = Field(
        default=None, max_length=MAX_REFERRED
    )
    provv: dict[str, Any] | None = None
    info: UserInfo | None = None

    @field_validator("provv")
    @classmethod
    def _rates(cls, provv: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if provv is None else clean_provv(provv)


def clean_provv(provv: Mapping[str, Any]) -> dict[str, Any]:
    """``{default: 10, <product>: {provvEmissione: …}}`` with every rate a 0–100 number."""
    if len(provv) > 200:
        raise ValueError(UNKNOWN_RATE_KEY.format(key="…"))
    clean: dict[str, Any] = {}
    for key, value in provv.items():
        if key == "default":
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(BAD_RATE.format(field="default"))
            rate = Decimal(str(value))
            if not Decimal(0) <= rate <= Decimal(100):
                raise ValueError(BAD_RATE.format(field="default"))
            clean["default"] = float(rate)
            continue
        if not isinstance(value, Mapping) or len(key) > 64:
            raise ValueError(UNKNOWN_RATE_KEY.format(key=key[:64]))
        try:
            rates = ProductRates.model_validate(value)
        except ValueError as exc:
            raise ValueError(BAD_RATE.format(field=key)) from exc
        kept = {f: float(r) for f, r in rates.model_dump(exclude_none=True).items()}
        if kept:
            clean[key] = kept
    return clean


def check_manager(actor: Principal) -> None:
    """Only admins and employees manage users (SPEC §6 'Users: admin or employee')."""
    if not sees_users(actor):
        raise Forbidden(NOT_FOR_YOUR_ROLE)


def check_may_manage(actor: Principal, target_role: Mapping[str, Any] | None) -> None:
    """An employee manages agents and referrers only: never an admin, a manager or a peer."""
    check_manager(actor)
    held = {name for name, flag in (target_role or {}).items() if flag}
    if not actor.is_admin and not held <= GRANTABLE_BY_EMPLOYEE:
        raise Forbidden(ABOVE_YOUR_ROLE)


def unknown(wanted: Collection[str], known: Collection[str]) -> str | None:
    """The first of ``wanted`` not in ``known``."""
    return next((item for item in wanted if item not in known), None)


def rate_keys_problem(provv: Mapping[str, Any], products: Collection[str]) -> str | None:
    key = unknown([k for k in provv if k != "default"], products)
    return None if key is None else UNKNOWN_RATE_KEY.format(key=key)


def refuse(problem: str | None) -> None:
    if problem is not None:
        raise ClientError(problem)
