"""The office's side: the tenant's questionnaires (admins edit them in ``/impostazioni``) and
a quote's answers for whoever sees the quote (the agent-tree rule): read them, answer with the
customer, download the summary PDF."""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from litestar import Response, get, put
from litestar.params import FromPath, JSONBody

from core.auth.principal import Principal
from core.domain.needs.answers import AnswersBody
from core.domain.needs.assessments import latest_assessment, record_answers, view
from core.domain.needs.questionnaires import every_kind, save
from core.domain.needs.questions import QuestionnaireBody
from core.domain.needs.summary_pdf import FILE_NAME, summary_pdf
from core.domain.precontract.facts import facts_of
from core.domain.precontract.office import visible_quote
from core.errors import Forbidden, NotFound
from core.http.deps import PrincipalDep, SessionDep, TenantDep

ADMINS_ONLY = "Solo gli amministratori modificano i questionari sulle richieste ed esigenze"


def _admin(principal: Principal) -> None:
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)


NOT_ANSWERED = "Il cliente non ha ancora risposto al questionario sulle richieste ed esigenze"
MAX_BODY = 200_000
"""A questionnaire of 30 questions of 8 options, or 30 answers of 1,000 characters, in UTF-8 and
JSON-escaped, fits with room to spare."""


@get("/api/needs/questionnaires", summary="The demands-and-needs questionnaire of each ramo",
     tags=["needs"])  # fmt: skip
async def questionnaires_list(
    principal: PrincipalDep, db_session: SessionDep
) -> list[dict[str, Any]]:
    _admin(principal)
    return await every_kind(db_session)


@put("/api/needs/questionnaires/{kind:str}", summary="Save a new version of a questionnaire",
     tags=["needs"], request_max_body_size=MAX_BODY)  # fmt: skip
async def questionnaire_save(
    kind: FromPath[str], data: JSONBody[QuestionnaireBody], principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """``{questions}``: a new version; an empty list sends a ramo back to its built-in
    questions, or the general ones where it has none."""
    _admin(principal)
    return await save(db_session, kind, data, principal.id)


@get("/api/quotes/{quote_id:str}/needs", summary="A quote's questionnaire and latest answers",
     tags=["needs"])  # fmt: skip
async def quote_needs(
    quote_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    quote = await visible_quote(db_session, principal, quote_id)
    return await view(db_session, quote, office=True)


@put("/api/quotes/{quote_id:str}/needs", summary="The office answers with the customer",
     tags=["needs"], request_max_body_size=MAX_BODY)  # fmt: skip
async def quote_needs_answer(
    quote_id: FromPath[str], data: JSONBody[AnswersBody], principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """``{kind, version, answers: [{id, option | text}]}``, channel ``ufficio``."""
    await visible_quote(db_session, principal, quote_id)
    quote = await record_answers(
        db_session, quote_id, data, channel="ufficio", by=principal.id, address=None
    )
    return await view(db_session, quote, office=True)


@get("/api/quotes/{quote_id:str}/needs/pdf", summary="The latest answers as a PDF",
     tags=["needs"])  # fmt: skip
async def quote_needs_pdf(
    quote_id: FromPath[str], principal: PrincipalDep, tenant: TenantDep, db_session: SessionDep
) -> Response[bytes]:
    quote = await visible_quote(db_session, principal, quote_id)
    row = await latest_assessment(db_session, quote.id)
    if row is None:
        raise NotFound(NOT_ANSWERED)
    facts = await facts_of(db_session, tenant, quote)
    content = await to_thread.run_sync(
        summary_pdf, facts.intermediary, facts.customer, facts.product, quote.id, row
    )
    return Response(
        content, media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{FILE_NAME}"',
                 "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store"},
    )  # fmt: skip
