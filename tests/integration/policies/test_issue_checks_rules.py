"""The checks before issuing, rule by rule: the quote's documents (refused, missing, or an
admin's reason), the start date's distance in the past against the tenant's setting, the
documents following the quote to its policy, and the payment method the tenant takes."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.issue_checks import (
    check_documents,
    check_start,
    documents_problem,
    max_past_days,
    move_documents,
)
from core.domain.policies.payment_rules import checked_method
from core.errors import ClientError
from core.runtime import Runtime

TENANT = "assicurapp"
TODAY = date(2026, 3, 31)


def _error(call: Any) -> ClientError:
    with pytest.raises(ClientError) as caught:
        call()
    return caught.value


def test_refused_documents_need_a_reason() -> None:
    error = _error(lambda: check_documents("refused", None, "adm"))
    assert error.message == (
        "I documenti del preventivo sono stati rifiutati: la polizza non si può emettere "
        "senza indicare il motivo"
    )
    assert error.extra == {"check": "documents", "documents": "refused"}


def test_missing_documents_need_a_reason() -> None:
    error = _error(lambda: check_documents("missing", None, "adm"))
    assert error.message == (
        "Il preventivo non ha documenti caricati: la polizza non si può emettere "
        "senza indicare il motivo"
    )
    assert error.extra == {"check": "documents", "documents": "missing"}


def test_a_reason_is_recorded_with_who_gave_it_and_when() -> None:
    before = datetime.now(UTC)
    override = check_documents("refused", "Documenti inviati per posta", "adm")
    assert override is not None
    at = datetime.fromisoformat(override.pop("at"))
    assert before <= at <= datetime.now(UTC)
    assert override == {"reason": "Documenti inviati per posta", "documents": "refused",
                        "by": "adm"}  # fmt: skip


def test_documents_in_order_need_nothing() -> None:
    assert check_documents(None, None, "adm") is None
    assert check_documents(None, "un motivo qualunque", "adm") is None


@pytest.mark.parametrize(
    ("setting", "days"),
    [(None, 30), (0, 0), (45, 45), (-1, 30), (True, 30), ("60", 30), (7.5, 30)],
)
def test_the_tenants_backdating_limit(setting: object, days: int) -> None:
    settings = {} if setting is None else {"retrodatazioneMaxGiorni": setting}
    assert max_past_days(settings) == days


@pytest.mark.parametrize(("start", "limit"), [(date(2026, 3, 1), 30), (TODAY, 0),
                                              (date(2026, 4, 30), 0)])  # fmt: skip
def test_a_start_within_the_limit_passes(start: date, limit: int) -> None:
    check_start(start, TODAY, limit, confirmed=False)


def test_a_start_past_the_limit_needs_a_confirmation() -> None:
    error = _error(lambda: check_start(date(2026, 2, 28), TODAY, 30, confirmed=False))
    assert error.message == (
        "La decorrenza è di 31 giorni fa, oltre i 30 ammessi: conferma la retrodatazione"
    )
    assert error.extra == {"check": "pastStart", "days": 31, "max": 30}
    check_start(date(2026, 2, 28), TODAY, 30, confirmed=True)


async def _quote(session: AsyncSession, **fields: Any) -> m.Quote:
    agent = m.User(email="agente@prova.it", role={"a": {"type": "agente"}})
    session.add(agent)
    await session.flush()
    quote = m.Quote(agent_id=agent.id, status="Preventivato", **fields)
    session.add(quote)
    await session.flush()
    return quote


def _document(owner_kind: str, owner_id: str, name: str) -> m.Document:
    return m.Document(
        owner_kind=owner_kind, owner_id=owner_id, name=name,
        uri=f"/files/{owner_id}/{name}", storage_key=f"{owner_id}/{name}",
    )  # fmt: skip


async def test_what_stands_in_the_way_of_issuing(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await _quote(session)
            assert await documents_problem(session, quote) == "missing"
            session.add(_document("preventivo", "altro-preventivo", "altrui.pdf"))
            await session.flush()
            assert await documents_problem(session, quote) == "missing"
            # a document of another owner is not this quote's
            session.add(_document("polizza", quote.id, "altro.pdf"))
            await session.flush()
            assert await documents_problem(session, quote) == "missing"
            session.add(_document("preventivo", quote.id, "patente.pdf"))
            await session.flush()
            assert await documents_problem(session, quote) is None
            quote.doc_status = -1
            assert await documents_problem(session, quote) == "refused"
            quote.doc_status = 1
            assert await documents_problem(session, quote) is None


async def test_the_quotes_documents_follow_it_to_the_policy(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await _quote(session)
            docs = [_document("preventivo", quote.id, n) for n in ("fronte.pdf", "retro.pdf")]
            unrelated = _document("preventivo", "altro-preventivo", "x.pdf")
            session.add_all([*docs, unrelated])
            await session.flush()
            quote.allegati = {
                "patente": {"name": "Patente", "files": [docs[0].id, docs[1].id],
                            "required": True},
                "note": "testo libero",
                "vuoto": {"name": "Vuoto"},
            }  # fmt: skip
            before = {"contratto": {"name": "Contratto", "files": ["c1"]},
                      "patente": {"name": "Vecchia", "files": ["p0"]}}  # fmt: skip
            policy = m.Policy(agent_id=quote.agent_id, allegati=before)
            session.add(policy)
            await session.flush()
            await move_documents(session, quote, policy)
            await session.flush()
            assert policy.allegati == {
                "contratto": {"name": "Contratto", "files": ["c1"]},
                "patente": {"name": "Patente", "files": ["p0", docs[0].id, docs[1].id],
                            "required": True},
            }  # fmt: skip
            assert quote.allegati == {}
            rows = await session.execute(
                select(m.Document.name, m.Document.owner_kind, m.Document.owner_id)
                .order_by(m.Document.name)
            )  # fmt: skip
            assert list(rows) == [
                ("fronte.pdf", "polizza", policy.id),
                ("retro.pdf", "polizza", policy.id),
                ("x.pdf", "preventivo", "altro-preventivo"),
            ]


async def test_a_payment_method_is_checked_against_the_tenants_own_list(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            assert await checked_method(session, "Contanti") == "contanti"  # nothing kept: all
            session.add(m.TenantSettings(data={"metodiPagamento": ["bonifico"]}))
            await session.flush()
            assert await checked_method(session, "bonifico") == "bonifico"
            with pytest.raises(ClientError, match=r"«Contanti»\. Metodi accettati: Bonifico$"):
                await checked_method(session, "Contanti")
