"""``/api/users``: change, suspend and delete a user, and the agents' tree with their counts."""

from __future__ import annotations

from typing import Any

from litestar import Controller, delete, get, patch, put
from litestar.params import FromPath, JSONBody
from pydantic import BaseModel, ConfigDict

from core.domain.users import manage
from core.domain.users.agents import agents_overview
from core.domain.users.rules import UserChanges
from core.domain.users.serialize import user_payload
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.validation import StrictBool


class SuspensionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    suspended: StrictBool


class UsersController(Controller):
    path = "/api/users"
    tags = ["users"]

    @patch("/{user_id:str}", summary="Change a user's name, roles, products, rates, withholding")
    async def change(
        self,
        user_id: FromPath[str],
        data: JSONBody[UserChanges],
        principal: PrincipalDep,
        runtime: RuntimeDep,
        tenant: TenantDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        user = await manage.update_user(db_session, runtime, tenant, principal, user_id, data)
        return user_payload(user)

    @put("/{user_id:str}/suspension", summary="Suspend or reactivate a user")
    async def suspend(
        self,
        user_id: FromPath[str],
        data: JSONBody[SuspensionBody],
        principal: PrincipalDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:
        user = await manage.set_suspended(db_session, principal, user_id, suspended=data.suspended)
        return user_payload(user)

    @delete("/{user_id:str}", summary="Delete a user", status_code=200)
    async def remove(
        self, user_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, str]:
        return {"_id": await manage.delete_user(db_session, principal, user_id)}


@get("/api/agents", summary="Agents and their sub-agents, with quotes and policies counts",
     tags=["users"])  # fmt: skip
async def agents(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    return await agents_overview(db_session, principal)
