"""``GET /api/clients``, ``GET`` and ``PATCH /api/clients/{id}``: agents (their tree) and
admins; ``GET /api/codice-fiscale/{code}``: a fiscal code decoded (anyone with a role)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import get, patch
from litestar.params import FromPath, JSONBody, Parameter

from core import permissions as perm
from core.domain.clients.edit import ClientChanges, update_client
from core.domain.clients.fiscal_code import decode
from core.domain.clients.queries import DEFAULT_LIMIT, MAX_LIMIT, client_detail, list_clients
from core.errors import ClientError
from core.guards import require
from core.http.deps import PrincipalDep, SessionDep


@get("/api/clients", summary="Clients the user may see, searched", tags=["clients"])
async def clients_list(
    principal: PrincipalDep,
    db_session: SessionDep,
    q: Annotated[str | None, Parameter(max_length=100)] = None,
    limit: Annotated[int, Parameter(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
) -> list[dict[str, Any]]:
    """Search by name, Codice Fiscale / Partita IVA or plate; e-mail or phone where the user
    reads the client's own contacts."""
    require(perm.sees_clients, principal)
    return await list_clients(db_session, principal, q, limit)


@get("/api/clients/{client_id:str}", summary="One client with its records", tags=["clients"])
async def clients_detail(
    client_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """``{client, quotes, policies, documents}``, each restricted to the user's tree."""
    require(perm.sees_clients, principal)
    return await client_detail(db_session, principal, client_id)


@patch("/api/clients/{client_id:str}", summary="Change a client's contacts and identity document",
       tags=["clients"])  # fmt: skip
async def clients_change(
    client_id: FromPath[str],
    data: JSONBody[ClientChanges],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """Address, PEC, e-mail, phone, identity document type, number and expiry; the detail
    as ``GET`` answers it."""
    await update_client(db_session, principal, client_id, data)
    return await client_detail(db_session, principal, client_id)


BAD_FISCAL_CODE = "Codice fiscale errato"


@get("/api/codice-fiscale/{code:str}", summary="A fiscal code decoded: birth date, sex, place",
     tags=["clients"])  # fmt: skip
async def fiscal_code_facts(code: FromPath[str], principal: PrincipalDep) -> dict[str, Any]:
    """``{birthDate, sex, placeCode, place, abroad}``; a code that is not valid is a 400."""
    require(perm.has_role, principal)
    facts = decode(code[:32])
    if facts is None:
        raise ClientError(BAD_FISCAL_CODE)
    return facts.as_payload()
