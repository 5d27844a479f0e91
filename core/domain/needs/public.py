"""The customer's side, behind the quote's link (``/preventivo-email/{id}/{code}``, no login):
the questionnaire and the customer's answers (channel ``link``, with the client address).
The link's rules apply (:mod:`core.domain.quotes.links`): the same 404 for a code that does
not open the quote, 410 once it expired, every request counted per client address, bodies of
at most :data:`MAX_BODY` bytes."""

from __future__ import annotations

from typing import Any

from litestar import Request, get, put
from litestar.params import FromPath

from core.domain.needs.answers import AnswersBody
from core.domain.needs.assessments import record_answers, view
from core.domain.quotes.links import linked_plain_quote, public_json
from core.http.client_address import address_of
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.validation import parse

MAX_BODY = 200_000
"""Thirty answers of up to 1,000 characters each, of up to four bytes in UTF-8 and more once
JSON-escaped, with their ids."""
NO_QUESTIONNAIRE = "Nessun questionario per questo preventivo"


@get("/api/public/quotes/{quote_id:str}/{code:str}/needs",
     summary="The quote's questionnaire and the customer's answers (link code)",
     tags=["public"])  # fmt: skip
async def public_needs(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    quote = await linked_plain_quote(
        request, runtime, tenant, db_session, quote_id, code, NO_QUESTIONNAIRE
    )
    return await view(db_session, quote, office=False)


@put("/api/public/quotes/{quote_id:str}/{code:str}/needs",
     summary="The customer answers the questionnaire (link code)", tags=["public"],
     request_max_body_size=MAX_BODY)  # fmt: skip
async def public_needs_answer(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """``{kind, version, answers: [{id, option | text}]}``, channel ``link``."""
    await linked_plain_quote(request, runtime, tenant, db_session, quote_id, code, NO_QUESTIONNAIRE)
    body = parse(AnswersBody, await public_json(request, MAX_BODY))
    quote = await record_answers(
        db_session, quote_id, body, channel="link", by=None,
        address=address_of(request, runtime.settings),
    )  # fmt: skip
    return await view(db_session, quote, office=False)
