"""``/api/saldo/{userId}``: a collaborator's balance ledger, and the entries admins post."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from litestar import Controller, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from core.domain.commissions.balance import add_entry, read_balance
from core.http.deps import PrincipalDep, SessionDep


class BalanceController(Controller):
    path = "/api/saldo"
    tags = ["commissions"]

    @get("/{user_id:str}", summary="A collaborator's ledger over a range (default this month)")
    async def ledger(
        self,
        user_id: FromPath[str],
        principal: PrincipalDep,
        db_session: SessionDep,
        start: Annotated[date | None, QueryParameter(name="from")] = None,
        end: Annotated[date | None, QueryParameter(name="to")] = None,
    ) -> dict[str, Any]:
        return await read_balance(db_session, principal, user_id, start, end)

    @post("/{user_id:str}/movimenti", summary="Post a payout, an advance or an adjustment")
    async def add(
        self,
        user_id: FromPath[str],
        data: JSONBody[dict[str, Any]],
        principal: PrincipalDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        return await add_entry(db_session, principal, user_id, data)
