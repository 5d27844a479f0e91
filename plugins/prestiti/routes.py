"""HTTP under ``/api/prestiti``: 404 where the tenant does not offer or has switched off the
line, 403 for users who may not work it; practices by the agent-tree rule."""

from __future__ import annotations

from typing import Any

from litestar import Response, get
from litestar.params import FromPath

from core.api import (
    Principal,
    PrincipalDep,
    SessionDep,
    cents,
    customer_name,
    product_router,
    quote_payload,
    require_line_work,
    visible_quotes,
)
from core.api import models as m
from core.api import permissions as perm
from plugins.prestiti.practice import practice_earnings, visible_loan
from plugins.prestiti.secci import secci_pdf
from plugins.prestiti.tegm import PRODUCT_ID


def _works_the_line(principal: Principal) -> None:
    require_line_work(principal, PRODUCT_ID)


@get("/preventivi", summary="Loan quotes the user may see", tags=[PRODUCT_ID])
async def loan_quotes(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    """SPEC §2 columns: Cliente, Stato, Prodotto, Importo richiesto, Rata, Data, Collaboratore."""
    _works_the_line(principal)
    quotes = await visible_quotes(db_session, principal, line=PRODUCT_ID)
    return [
        {
            "_id": q.id,
            "cliente": customer_name(q),
            "status": q.status,
            "prodotto": q.prodotto.get("Prodotto"),
            "importoRichiesto": q.prodotto.get("Importo_richiesto"),
            "rata": q.prodotto.get("Importo_rata"),
            "at": q.at.isoformat(),
            "aId": q.agent_id,
        }
        for q in quotes
    ]


@get("/preventivi/{quote_id:str}", summary="A loan practice", tags=[PRODUCT_ID])
async def loan_practice(
    quote_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The practice with its earnings: the collaborator's to agents, the platform's too to
    those who may see it (SPEC §6), and the first instalment (rata + qFattura)."""
    _works_the_line(principal)
    quote = await visible_loan(db_session, principal, quote_id)
    found = await practice_earnings(db_session, quote)
    earned: dict[str, Any] | None = None
    if found is not None:
        earned = {
            "qFattura": str(cents(found.consulenza)), "primaRata": str(found.first_instalment),
            "istruttoria": str(found.agent_istruttoria), "consulenza": str(found.agent_consulenza),
            "total": str(found.total),
        }  # fmt: skip
        if perm.sees_platform_earnings(principal):
            earned["platform"] = str(found.platform)
    return {**quote_payload(quote), "earnings": earned}


@get("/preventivi/{quote_id:str}/secci", summary="The practice's SECCI sheet (PDF)",
     tags=[PRODUCT_ID], media_type="application/pdf")  # fmt: skip
async def loan_secci(
    quote_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> Response[bytes]:
    """The pre-contract sheet with the practice's figures (400 until it is quoted)."""
    _works_the_line(principal)
    quote = await visible_loan(db_session, principal, quote_id)
    agent = await db_session.get(m.User, quote.agent_id) if quote.agent_id else None
    pdf = secci_pdf(quote.prodotto or {}, agent.name if agent else "—", customer_name(quote))
    return Response(
        pdf, media_type="application/pdf",
        headers={"content-disposition": f'attachment; filename="secci-{quote.id}.pdf"'},
    )  # fmt: skip


router = product_router(PRODUCT_ID, [loan_quotes, loan_practice, loan_secci])
