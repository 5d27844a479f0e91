"""``GET /api/clients`` and ``GET /api/clients/{id}``: agents (their tree) and admins."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import get
from litestar.params import FromPath, Parameter

from core import permissions as perm
from core.domain.clients.queries import DEFAULT_LIMIT, MAX_LIMIT, client_detail, list_clients
from core.guards import require
from core.http.deps import PrincipalDep, SessionDep


@get("/api/clients", summary="Clients the user may see, searched", tags=["clients"])
async def clients_list(
    principal: PrincipalDep,
    db_session: SessionDep,
    q: Annotated[str | None, Parameter(max_length=100)] = None,
    limit: Annotated[int, Parameter(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
) -> list[dict[str, Any]]:
    """Search by name, Codice Fiscale / Partita IVA or plate."""
    require(perm.sees_clients, principal)
    return await list_clients(db_session, principal, q, limit)


@get("/api/clients/{client_id:str}", summary="One client with its records", tags=["clients"])
async def clients_detail(
    client_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """``{client, quotes, policies, documents}``, each restricted to the user's tree."""
    require(perm.sees_clients, principal)
    return await client_detail(db_session, principal, client_id)
