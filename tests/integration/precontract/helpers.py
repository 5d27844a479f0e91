"""Quotes with a customer e-mail and offers, the link code, the mailed code and the PDFs'
text, for the pre-contract tests."""

from __future__ import annotations

import io
import re
from typing import Any

from pypdf import PdfReader
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.needs.answers import AnswersBody
from core.domain.needs.assessments import record_answers
from core.domain.needs.questionnaires import for_quote
from core.domain.quotes.links import mint_code
from core.runtime import Runtime
from tests.realtime.policy_records import new_quote

TENANT = "assicurapp"
EMAIL = "marta.colombo@example.it"


async def priced_quote(
    runtime: Runtime, tenant: str = TENANT, *, answered: bool = True, **offers: float
) -> str:
    """A new plain RC Auto quote of the demo agent, with the customer's e-mail and ``offers``
    (company → gross premium); ``answered``: with the demands-and-needs questionnaire answered
    (each choice's first answer), as the customer must before signing."""
    quote_id = await new_quote(runtime, tenant)
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            email = {"_id": "email", "name": "E-mail", "type": "email", "value": EMAIL}
            quote.usr_data = [*quote.usr_data, email]
            quote.price = {"company": {name: {"tot": tot} for name, tot in offers.items()}}
            quote.status = "Preventivato"
    if answered:
        await answer_questionnaire(runtime, quote_id, tenant)
    return quote_id


async def answer_questionnaire(
    runtime: Runtime, quote_id: str, tenant: str = TENANT, option: int = 0
) -> None:
    """Answer every question of the quote's questionnaire: choice ``option``, a short text."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            asked = await for_quote(session, quote)
            answers = [
                {"id": q["id"], "option": option} if q["type"] == "scelta"
                else {"id": q["id"], "text": "Proteggere la famiglia"}
                for q in asked.questions
            ]  # fmt: skip
            body = AnswersBody.model_validate(
                {"kind": asked.kind, "version": asked.version, "answers": answers}
            )
            await record_answers(session, quote_id, body, channel="ufficio", by=None, address=None)


def link_code(runtime: Runtime, quote_id: str, tenant: str = TENANT) -> str:
    return mint_code(runtime.settings, runtime.tenants.get(tenant), quote_id, "someone")  # type: ignore[arg-type]


def base(runtime: Runtime, quote_id: str, tenant: str = TENANT) -> str:
    return f"/api/public/quotes/{quote_id}/{link_code(runtime, quote_id, tenant)}/precontract"


async def mailed_code(runtime: Runtime, tenant: str = TENANT, to: str = EMAIL) -> str:
    """The six digits of the newest code mailed to ``to``."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = (
                select(m.OutboxMail)
                .where(m.OutboxMail.to == to, m.OutboxMail.purpose == "precontratto")
                .order_by(m.OutboxMail.at.desc())
            )
            mail = (await session.execute(stmt)).scalars().first()
    assert mail is not None
    found = re.search(r"\b(\d{6})\b", mail.text)
    assert found is not None
    return found.group(1)


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


async def change_set(runtime: Runtime, quote_id: str, tenant: str = TENANT, **values: Any) -> None:
    """Set columns of the quote's latest pre-contract set (a code's time, as if it passed)."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = (
                select(m.PrecontractSet)
                .where(m.PrecontractSet.quote_id == quote_id)
                .order_by(m.PrecontractSet.version.desc())
            )
            made = (await session.execute(stmt)).scalars().first()
            assert made is not None
            for key, value in values.items():
                setattr(made, key, value)


async def gate(runtime: Runtime, on: bool, tenant: str = TENANT) -> None:
    """Turn the tenant's pre-contract gate on or off."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one_or_none()
            if stored is None:
                stored = m.TenantSettings(data={})
                session.add(stored)
            stored.data = {**(stored.data or {}), "consegnaPrecontrattuale": on}
