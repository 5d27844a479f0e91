"""The tax table's routes (admins): read it and replace it."""

from __future__ import annotations

from typing import Any

from litestar import get, put
from litestar.params import JSONBody

from core import permissions as perm
from core.domain.settings.payload import tenant_data
from core.domain.taxes.calls import INVALID_TABLE
from core.domain.taxes.save import save_tax_table
from core.domain.taxes.seed import TABLE_KEY, seeded_table
from core.domain.taxes.table import TaxTableBody
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep
from core.validation import parse


@get("/api/settings/taxes", summary="The tenant's insurance tax table", tags=["settings"])
async def get_taxes(
    principal: PrincipalDep, runtime: RuntimeDep, db_session: SessionDep
) -> dict[str, Any]:
    require(perm.sees_settings, principal)
    stored = (await tenant_data(db_session, runtime)).get(TABLE_KEY)
    return {TABLE_KEY: stored if stored is not None else seeded_table()}


@put("/api/settings/taxes", summary="Replace the insurance tax table", tags=["settings"])
async def put_taxes(
    data: JSONBody[Any], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The whole table ``{rami, province, ssn}``, checked (Italian 400s), replaces the stored."""
    require(perm.sees_settings, principal)
    body = parse(TaxTableBody, data, INVALID_TABLE)
    return {TABLE_KEY: await save_tax_table(db_session, principal, body)}
