"""``/api/sinistri``: claims over HTTP, by the agent-tree rule the ``sinistri`` stream
applies; the twins of the socket calls ``apriSinistro`` and ``aggiornaSinistro``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import get, patch, post
from litestar.params import FromPath, JSONBody, QueryParameter

from core import permissions as perm
from core.domain.claims.queries import claims_page, waiting_count
from core.domain.claims.serialize import claim_payload
from core.domain.claims.service import open_claim, update_claim, visible_claim
from core.errors import NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep
from core.i18n import today_in_rome
from core.messages import CLAIM_NOT_FOUND

MAX_LIMIT = 1000
MAX_ID = 32
Status = Literal["aperto", "in_istruttoria", "liquidato", "senza_seguito", "respinto"]


@get("/api/sinistri", summary="Claims the user may see, newest first", tags=["claims"])
async def claims_list(
    principal: PrincipalDep,
    db_session: SessionDep,
    search: Annotated[str | None, QueryParameter(name="q", max_length=100)] = None,
    status: Annotated[Status | None, QueryParameter()] = None,
    waiting: Annotated[bool, QueryParameter()] = False,
    closed: Annotated[bool | None, QueryParameter()] = None,
    policy: Annotated[str | None, QueryParameter(max_length=32)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)] = 200,
) -> list[dict[str, Any]]:
    require(perm.sees_work, principal)
    claims = await claims_page(
        db_session, principal, status=status, waiting=waiting, closed=closed, policy_id=policy,
        search=search, limit=limit,
    )  # fmt: skip
    return [claim_payload(claim) for claim in claims]


@get(
    "/api/sinistri/alert-count",
    summary="The Sinistri chip: claims waiting on the office",
    tags=["claims"],
)
async def claims_waiting_count(principal: PrincipalDep, db_session: SessionDep) -> dict[str, int]:
    require(perm.sees_work, principal)
    return {"count": await waiting_count(db_session, principal)}


@get("/api/sinistri/{claim_id:str}", summary="One claim", tags=["claims"])
async def claim_detail(
    claim_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    require(perm.sees_work, principal)
    return claim_payload(await visible_claim(db_session, principal, claim_id))


@post("/api/sinistri", summary="Open a claim on a policy", tags=["claims"], status_code=201)
async def claim_open(
    data: JSONBody[dict[str, Any]],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """The HTTP twin of ``apriSinistro``: ``{policyId, eventDate, description, …}``."""
    require(perm.sees_work, principal)
    claim = await open_claim(db_session, runtime.push, principal, data, today_in_rome())
    return claim_payload(claim)


@patch("/api/sinistri/{claim_id:str}", summary="Update a claim", tags=["claims"])
async def claim_update(
    claim_id: FromPath[str],
    data: JSONBody[dict[str, Any]],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """The HTTP twin of ``aggiornaSinistro``: the fields to change."""
    require(perm.sees_work, principal)
    if len(claim_id) > MAX_ID:  # no such id: the same answer as any other unknown one
        raise NotFound(CLAIM_NOT_FOUND)
    body = {**data, "claimId": claim_id} if isinstance(data, dict) else data
    return claim_payload(await update_claim(db_session, principal, body, today_in_rome()))
