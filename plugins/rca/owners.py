"""Whose a plate is: the collaborator it is filed under (``aId``, ``agId``) and its owner, a
client of that collaborator's agent tree."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from core.api import ClientError, Customer, Principal, clients_in_tree, require, valid_fiscal_code
from core.api import models as m
from core.api import permissions as perm

BAD_AGENT = "Collaboratore non valido"
MISSING_AGENT = "Indica il collaboratore (aId) a cui registrare la targa"
BAD_CLIENT = "Cliente non valido"


@dataclass(frozen=True, slots=True)
class Holder:
    """The collaborator a plate is filed under: an agent and their parent agent, if any."""

    agent_id: str
    parent_agent_id: str | None

    @property
    def tree(self) -> str:
        """The agent tree: its top agent's id."""
        return self.parent_agent_id or self.agent_id


def writes_plates(principal: Principal) -> bool:
    """Agents (for themselves), admins and responsabili (for a collaborator they name)."""
    return perm.sees_plates(principal) and (principal.is_agent or perm.manages(principal))


def require_writer(principal: Principal) -> None:
    """403 for those who only read the register (referrers) and those who do not (employees)."""
    require(writes_plates, principal)


def holder_of(plate: object) -> Holder | None:
    """The collaborator a stored plate is filed under, if any."""
    agent = getattr(plate, "agent_id", None)
    return Holder(agent, getattr(plate, "parent_agent_id", None)) if agent else None


async def _named_agent(session: AsyncSession, agent_id: str) -> Holder:
    """An agent of the tenant as a holder, or 400 'Collaboratore non valido'."""
    user = await session.get(m.User, agent_id)
    if user is None or not (user.role or {}).get("a"):
        raise ClientError(BAD_AGENT)
    return Holder(user.id, user.parent_agent_id)


async def holder_for(
    session: AsyncSession, principal: Principal, named: str | None, current: Holder | None = None
) -> Holder:
    """The collaborator a written plate goes to: the one a manager names (an agent of the
    tenant), else the plate's ``current`` one, else the agent writing it."""
    if perm.manages(principal):
        if named is not None:
            return await _named_agent(session, named)
        if current is not None:
            return current
        if principal.is_agent:
            return Holder(principal.id, principal.parent_agent_id)
        raise ClientError(MISSING_AGENT)
    if named is not None and named != principal.id:
        raise ClientError(BAD_AGENT)
    if named is None and current is not None:
        return current
    return Holder(principal.id, principal.parent_agent_id)


async def client_by_id(session: AsyncSession, holder: Holder, client_id: str) -> m.Client:
    """A client of the holder's tree, or 400 'Cliente non valido' (another tree's, another
    tenant's, none)."""
    client = await session.get(m.Client, client_id)
    if client is None or client.owner_agent_id != holder.tree:
        raise ClientError(BAD_CLIENT)
    return client


async def client_named(session: AsyncSession, holder: Holder, name: str, code: str) -> m.Client:
    """The tree's client with this fiscal code, made (named ``name``) when the tree has none."""
    fiscal_code = valid_fiscal_code(code)
    customer = Customer(name=name, fiscal_code=fiscal_code)
    found = await clients_in_tree(session, holder.tree, [customer], agent_id=holder.agent_id)
    return found[fiscal_code]
