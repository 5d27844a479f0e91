"""The tenant's usury table: its wire shape, the calls that change it (admins), its live
stream ``prestiti/tegm``, and the line a practice's threshold is read from."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy import ColumnElement, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    CallContext,
    ClientError,
    NotFound,
    NumberOnly,
    Principal,
    Publication,
    logged_in,
    parse,
    require,
    rows_loader,
)
from core.api import permissions as perm
from plugins.prestiti.models import UsuryRate
from plugins.prestiti.money.usury import Category, Tegm

PRODUCT_ID = "prestiti"
CHANNEL = f"{PRODUCT_ID}/tegm"
INVALID_ROW = "Riga della tabella dei tassi d'usura non valida"
ROW_NOT_FOUND = "Riga della tabella dei tassi d'usura non trovata"
BAD_BAND = "Fascia di importo non valida: il limite superiore dev'essere oltre quello inferiore"
BAD_DAYS = "Periodo di validità non valido: la fine viene prima dell'inizio"
NO_ROW = (
    "Manca il tasso medio (TEGM) per {category}, importo {amount}, al {day:%d/%m/%Y}: "
    "un amministratore lo inserisca nella tabella dei tassi d'usura"
)

Rate = Annotated[Decimal, NumberOnly, Field(gt=0, le=50, max_digits=5, decimal_places=2)]
Bound = Annotated[Decimal, NumberOnly, Field(ge=0, le=10_000_000, max_digits=10, decimal_places=2)]


class RowBody(BaseModel):
    """``prestiti.salvaTegm``: a new line of the table (no ``_id``) or the changes to one."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    id: str | None = Field(default=None, alias="_id", min_length=1, max_length=32)
    category: Category
    tegm: Rate
    above: Bound = Decimal(0)
    upTo: Bound | None = None  # noqa: N815 (wire name)
    valid_from: date = Field(alias="from")
    valid_to: date = Field(alias="to")

    @model_validator(mode="after")
    def _coherent(self) -> RowBody:
        if self.upTo is not None and self.upTo <= self.above:
            raise ValueError(BAD_BAND)
        if self.valid_to < self.valid_from:
            raise ValueError(BAD_DAYS)
        return self


def row_payload(row: UsuryRate) -> dict[str, Any]:
    """A line of the table as the screens read it (rates and amounts as text: exact; the
    threshold with every decimal, as the decrees publish it: ``19.625``)."""
    tegm = as_tegm(row)
    return {
        "_id": row.id, "category": row.category, "tegm": str(row.tegm),
        "above": str(row.above), "upTo": None if row.up_to is None else str(row.up_to),
        "from": row.valid_from.isoformat(), "to": row.valid_to.isoformat(),
        "threshold": format(tegm.threshold.normalize(), "f"), "band": tegm.band,
    }  # fmt: skip


def as_tegm(row: UsuryRate) -> Tegm:
    return Tegm(
        category=Category(row.category), tegm=Decimal(row.tegm), valid_from=row.valid_from,
        valid_to=row.valid_to, above=Decimal(row.above),
        up_to=None if row.up_to is None else Decimal(row.up_to),
    )  # fmt: skip


async def covering_row(
    session: AsyncSession, category: Category, amount: Decimal, day: date
) -> Tegm:
    """The table's line for a practice of ``category`` and ``amount`` on ``day``; refused
    with what is missing when the tenant has not entered it (no threshold, no practice)."""
    stmt = select(UsuryRate).where(
        UsuryRate.category == category.value,
        UsuryRate.valid_from <= day,
        UsuryRate.valid_to >= day,
    )
    for row in (await session.execute(stmt)).scalars():
        tegm = as_tegm(row)
        if tegm.covers(category, amount, day):
            return tegm
    raise ClientError(NO_ROW.format(category=category.value, amount=f"{amount} €", day=day))


async def save_row_call(ctx: CallContext, data: Any) -> dict[str, str]:
    """``prestiti.salvaTegm`` (admin) → ``{_id}``."""
    require(_is_admin, logged_in(ctx))
    body = parse(RowBody, data, INVALID_ROW)
    if body.id is None:
        row = UsuryRate()
        ctx.session.add(row)
    else:
        found = await ctx.session.get(UsuryRate, body.id)
        if found is None:
            raise NotFound(ROW_NOT_FOUND)
        row = found
    row.category, row.tegm, row.above, row.up_to = (
        body.category.value, body.tegm, body.above, body.upTo,
    )  # fmt: skip
    row.valid_from, row.valid_to = body.valid_from, body.valid_to
    await ctx.session.flush()
    return {"_id": row.id}


async def delete_row_call(ctx: CallContext, data: Any) -> dict[str, str]:
    """``prestiti.eliminaTegm {_id}`` (admin) → ``{_id}``."""
    require(_is_admin, logged_in(ctx))
    row_id = data.get("_id") if isinstance(data, dict) else None
    row = await ctx.session.get(UsuryRate, row_id) if isinstance(row_id, str) else None
    if row is None or not isinstance(row_id, str):
        raise NotFound(ROW_NOT_FOUND)
    await ctx.session.delete(row)
    await ctx.session.flush()
    return {"_id": row_id}


def _is_admin(principal: Principal) -> bool:
    return principal.is_admin


def _everyone(_principal: Principal, _row: Any) -> bool:
    return True  # the decree's rates are public: whoever works the line reads them


def _whole_table(_principal: Principal) -> ColumnElement[bool]:
    return true()


PUBLICATION = Publication(
    CHANNEL, perm.sees_work, _everyone, UsuryRate, "p", row_payload, product=PRODUCT_ID,
    sync=rows_loader(UsuryRate, row_payload, _whole_table),
)  # fmt: skip
"""The table as a synced stream: the practice screens show a practice's threshold from it."""
