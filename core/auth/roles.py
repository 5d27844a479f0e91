"""The role object of SPEC §3, validated, and who may grant which role."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import get_for_update
from core.errors import ClientError, Forbidden
from core.validation import StrictBool

# Employees manage users (SPEC §6) but may not hand out managerial power.
GRANTABLE_BY_EMPLOYEE = frozenset({"a", "segnalatore"})


class AgentRole(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    type: str = Field(default="agente", max_length=40)
    aId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)


class Role(BaseModel):
    """``{"admin": true}``, ``{"a": {"type": …, "aId": …}}`` … — known flags only."""

    model_config = ConfigDict(extra="forbid", strict=True)
    admin: StrictBool = False
    responsabile: StrictBool = False
    e: StrictBool = False
    a: AgentRole | None = None
    segnalatore: StrictBool = False

    @model_validator(mode="after")
    def _some_role(self) -> Role:
        if not self.names():
            raise ValueError("serve almeno un ruolo")
        return self

    def names(self) -> set[str]:
        flags = {"admin": self.admin, "responsabile": self.responsabile, "e": self.e,
                 "a": self.a is not None, "segnalatore": self.segnalatore}  # fmt: skip
        return {name for name, on in flags.items() if on}

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: True for name in self.names() - {"a"}}
        if self.a is not None:
            data["a"] = self.a.model_dump(exclude_none=True)
        return data


async def check_grant(session: AsyncSession, granter: Principal, role: Role) -> None:
    """Refuse roles ``granter`` may not hand out, and a parent agent outside the tenant."""
    if not granter.is_admin and not role.names() <= GRANTABLE_BY_EMPLOYEE:
        raise Forbidden("Non puoi assegnare questo ruolo")
    parent_id = role.a.aId if role.a else None
    if parent_id is not None:
        # scoped (another tenant's id is None) and locked: it must stay a top agent meanwhile
        parent = await get_for_update(session, m.User, parent_id)
        agent = parent.role.get("a") if parent else None
        if parent is None or not isinstance(agent, dict) or agent.get("aId"):
            raise ClientError("Collaboratore di riferimento inesistente")
