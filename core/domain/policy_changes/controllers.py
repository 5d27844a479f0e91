"""``/api/polizze/{id}/appendici``, ``/annullamento`` and ``/storia``: the HTTP twins of the
socket calls ``creaAppendice``, ``annullaPolizza`` and ``storiaPolizza``."""

from __future__ import annotations

from typing import Any

from litestar import Response, get, post
from litestar.params import FromPath, JSONBody

from core import permissions as perm
from core.domain.policy_changes.wire import annul, endorse_payload, policy_history
from core.errors import NotFound
from core.guards import require
from core.http.deps import PrincipalDep, SessionDep
from core.messages import POLICY_NOT_FOUND

MAX_ID = 32


def _with_id(policy_id: str, data: Any) -> Any:
    if len(policy_id) > MAX_ID:  # no such id: the same answer as any other unknown one
        raise NotFound(POLICY_NOT_FOUND)
    return {**data, "policyId": policy_id} if isinstance(data, dict) else data


def _answer(payload: dict[str, Any]) -> Response[dict[str, Any]]:
    return Response(payload, status_code=200 if payload.get("preview") else 201)


@post(
    "/api/polizze/{policy_id:str}/appendici",
    summary="Endorse a policy (admins): the premium difference as its own receipt",
    tags=["policies"],
)
async def endorsement_create(
    policy_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
    db_session: SessionDep,
) -> Response[dict[str, Any]]:  # fmt: skip
    """The HTTP twin of ``creaAppendice``: ``{subtype, effectiveOn, annualPremium? |
    annualDifference?, description?, details?, preview?}``."""
    require(perm.sees_work, principal)
    return _answer(await endorse_payload(db_session, principal, _with_id(policy_id, data)))


@post(
    "/api/polizze/{policy_id:str}/annullamento",
    summary="Cancel a policy (admins): the unused net premium refunded",
    tags=["policies"],
)
async def cancellation_create(
    policy_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
    db_session: SessionDep,
) -> Response[dict[str, Any]]:  # fmt: skip
    """The HTTP twin of ``annullaPolizza``: ``{cancelledOn, reason, description?,
    refundedOn?, method?, preview?}``."""
    require(perm.sees_work, principal)
    return _answer(await annul(db_session, principal, _with_id(policy_id, data)))


@get("/api/polizze/{policy_id:str}/storia", summary="A policy's history", tags=["policies"])
async def policy_history_read(
    policy_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The HTTP twin of ``storiaPolizza``: ``{changes, events}``."""
    require(perm.sees_work, principal)
    _with_id(policy_id, {})
    return await policy_history(db_session, principal, policy_id)
