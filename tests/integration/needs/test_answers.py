"""A quote's answers, by the customer through the link or by the office with them: checked
against the questions asked, kept with the channel and the address, summed up on the quote,
printed in the summary PDF; an answer the product does not fit is a mismatch both sides see;
the customer signs only after answering; locked once the emission is asked for."""

from __future__ import annotations

from typing import Any

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.needs.assessments import MAX_PER_QUOTE
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.auth.helpers import error_message
from tests.integration.precontract.helpers import TENANT, base, link_code, pdf_text, priced_quote

pytestmark = pytest.mark.usefixtures("seeded")

# The built-in general questions: durata (choice: the second answer does not fit), altre
# coperture (choice: the third does not fit), premio sostenibile (choice: "No" does not fit),
# esigenza (free text, optional).
Answers = list[dict[str, Any]]
FITTING: Answers = [{"id": "durata", "option": 0}, {"id": "altre_coperture", "option": 1},
                    {"id": "premio_sostenibile", "option": 0}]  # fmt: skip
NOT_FITTING: Answers = [{"id": "durata", "option": 1}, {"id": "altre_coperture", "option": 0},
                        {"id": "premio_sostenibile", "option": 1},
                        {"id": "esigenza", "text": "  Un'auto nuova per lavoro  "}]  # fmt: skip


def _body(
    answers: list[dict[str, Any]], kind: str = "generale", version: int = 0
) -> dict[str, Any]:
    """The answers to the built-in general questionnaire (version 0), as the page sends them."""
    return {"kind": kind, "version": version, "answers": answers}


def _needs(runtime: Runtime, quote_id: str) -> str:
    return f"/api/public/quotes/{quote_id}/{link_code(runtime, quote_id)}/needs"


async def _quote(runtime: Runtime, quote_id: str) -> m.Quote:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            return quote


async def test_the_customer_answers_on_the_link_and_the_office_sees_the_mismatches(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    agent = await headers_for(seeded, TENANT, "agente")
    async with clients(TENANT) as client:
        shown = (await client.get(_needs(seeded, quote_id))).json()
        saved = await client.put(_needs(seeded, quote_id), json=_body(NOT_FITTING))
        office = (await client.get(f"/api/quotes/{quote_id}/needs", headers=agent)).json()
        pdf = await client.get(f"/api/quotes/{quote_id}/needs/pdf", headers=agent)
    assert shown["assessment"] is None
    assert shown["locked"] is False
    assert [q["id"] for q in shown["questionnaire"]["questions"]] == [
        "durata", "altre_coperture", "premio_sostenibile", "esigenza",
    ]  # fmt: skip
    assert saved.status_code == 200
    public = saved.json()["assessment"]
    assert "answeredBy" not in public  # no office names on the customer's page
    assert public["channel"] == "link"
    assert public["mismatches"] == [
        {"question": "Per quanto tempo ti serve la copertura?", "answer": "Meno di un anno"},
        {"question": "Il premio proposto è compatibile con quanto intendi spendere per questa "
                     "copertura?", "answer": "No"},
    ]  # fmt: skip
    assert public["answers"][3] == {
        "id": "esigenza", "question": "Descrivi con parole tue che cosa vuoi proteggere e "
        "perché", "answer": "Un'auto nuova per lavoro", "coerente": True,
    }  # fmt: skip
    assert office["assessment"]["answeredBy"] is None  # the customer, not a user
    assert office["assessment"]["mismatches"] == public["mismatches"]
    summary = (await _quote(seeded, quote_id)).quote["esigenze"]
    assert summary["channel"] == "link"
    assert summary["mismatches"] == public["mismatches"]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            row = await session.get(m.NeedsAssessment, public["id"])
            assert row is not None
            assert row.address == "testclient"
    text = " ".join(pdf_text(pdf.content).split())
    assert pdf.headers["content-disposition"] == 'attachment; filename="Richieste ed esigenze.pdf"'
    assert "Contraente: Marta Colombo" in text
    assert "Prodotto RC Auto" in text
    assert "dal cliente tramite il link" in text
    assert "NON risulta coerente" in text
    assert "segnalata al contraente sulla pagina del preventivo" in text
    assert "Non coerente: Per quanto tempo ti serve la copertura? Meno di un anno" in text


async def test_the_office_answers_with_the_customer(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    agent = await headers_for(seeded, TENANT, "agente")
    url = f"/api/quotes/{quote_id}/needs"
    async with clients(TENANT) as client:
        none_yet = await client.get(f"{url}/pdf", headers=agent)
        saved = await client.put(url, json=_body(FITTING), headers=agent)
        again = await client.put(url, json=_body(NOT_FITTING), headers=agent)
    assert (none_yet.status_code, error_message(none_yet)) == (
        404, "Il cliente non ha ancora risposto al questionario sulle richieste ed esigenze",
    )  # fmt: skip
    assert saved.status_code == 200
    first = saved.json()["assessment"]
    assert first["channel"] == "ufficio"
    assert first["answeredBy"]  # the agent's name
    assert first["mismatches"] == []
    assert len(first["answers"]) == 3  # the optional text left out
    assert again.json()["assessment"]["id"] != first["id"]  # a new set: the old one is kept
    assert len(again.json()["assessment"]["mismatches"]) == 2


async def test_bad_answers_are_refused_in_italian_and_change_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    url = _needs(seeded, quote_id)

    def body(*answers: dict[str, Any], version: int = 0, kind: str = "generale") -> dict[str, Any]:
        return _body(list(answers), kind, version)

    cases = {
        "missing required": (body(*FITTING[:2]), 400,
                             "Rispondi alla domanda: «Il premio proposto è compatibile con quanto "
                             "intendi spendere per questa copertura?»"),
        "option out of range": (body({"id": "durata", "option": 2}, *FITTING[1:]), 400,
                                "Scegli una delle risposte proposte alla domanda «Per quanto "
                                "tempo ti serve la copertura?»"),
        "text for a choice": (body({"id": "durata", "text": "sempre"}, *FITTING[1:]), 400,
                              "Scegli una delle risposte proposte alla domanda «Per quanto "
                              "tempo ti serve la copertura?»"),
        "option for a text": (body(*FITTING, {"id": "esigenza", "option": 0}), 400,
                              "La domanda «Descrivi con parole tue che cosa vuoi proteggere "
                              "e perché» chiede una risposta scritta"),
        "unknown question": (body(*FITTING, {"id": "altro", "option": 0}), 400,
                             "Risposta a una domanda che il questionario non contiene: altro"),
        "twice": (body(*FITTING, FITTING[0]), 400, "Due risposte alla stessa domanda: durata"),
        "stale version": (body(*FITTING, version=3), 409,
                          "Il questionario è cambiato: ricarica la pagina"),
        "another kind's version": (body(*FITTING, kind="rca"), 409,
                                   "Il questionario è cambiato: ricarica la pagina"),
        "no kind": ({"version": 0, "answers": FITTING}, 400, None),
        "a string for an index": (body({"id": "durata", "option": "0"}, *FITTING[1:]), 400, None),
        "text too long": (body(*FITTING, {"id": "esigenza", "text": "x" * 1001}), 400, None),
        "true for an index": (body({"id": "durata", "option": True}, *FITTING[1:]), 400, None),
        "1.0 for an index": (body({"id": "durata", "option": 1.0}, *FITTING[1:]), 400, None),
    }  # fmt: skip
    async with clients(TENANT) as client:
        for case, (sent, status, message) in cases.items():
            response = await client.put(url, json=sent)
            assert response.status_code == status, case
            if message:
                assert error_message(response) == message, case
        too_big = await client.put(
            url, content=b'{"kind": "generale", "version": 0, "answers": []' + b" " * 250_000
        )
        not_json = await client.put(url, content=b"[")
        shown = (await client.get(url)).json()
    assert too_big.status_code == 413
    assert not_json.status_code == 400
    assert shown["assessment"] is None


async def test_a_written_answer_is_kept_as_it_reads(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """Bidirectional overrides would make the page and the signed PDF show other words than
    those stored ("pago 0001" shown for "1000 ogap"); they and control characters go."""
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    written = "Franchigia \u202e1000 ogap\u202c\r\nmax\x07 \u2066euro\u2069\u200f"
    async with clients(TENANT) as client:
        saved = await client.put(
            _needs(seeded, quote_id), json=_body([*FITTING, {"id": "esigenza", "text": written}])
        )
        only_marks = await client.put(
            _needs(seeded, quote_id), json=_body([*FITTING, {"id": "esigenza", "text": "\u202e"}])
        )
    assert saved.status_code == 200
    assert saved.json()["assessment"]["answers"][3]["answer"] == "Franchigia 1000 ogap\nmax euro"
    assert only_marks.status_code == 200  # the optional text is left out, as if not written
    assert len(only_marks.json()["assessment"]["answers"]) == 3


async def test_links_and_users_that_do_not_open_the_quote_see_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    other_tenant = await headers_for(seeded, "rcadealer", "admin")
    sub_agent = await headers_for(seeded, TENANT, "subagente")  # the quote is the agent's
    async with clients(TENANT) as client:
        wrong_code = await client.get(f"/api/public/quotes/{quote_id}/{'A' * 40}/needs")
        by_sub = await client.get(f"/api/quotes/{quote_id}/needs", headers=sub_agent)
        sub_answers = await client.put(
            f"/api/quotes/{quote_id}/needs", json=_body(FITTING),
            headers=sub_agent,
        )  # fmt: skip
        long_id = await client.get(f"/api/quotes/{'x' * 40}/needs", headers=sub_agent)
    async with clients("rcadealer") as client:
        other = await client.get(f"/api/quotes/{quote_id}/needs", headers=other_tenant)
        other_link = await client.get(_needs(seeded, quote_id))
    assert wrong_code.status_code == 404
    assert (by_sub.status_code, sub_answers.status_code, long_id.status_code) == (404, 404, 404)
    assert other.status_code == 404
    assert other_link.status_code == 404
    assert (await _quote(seeded, quote_id)).quote.get("esigenze") is None


async def test_answers_are_locked_once_the_emission_is_asked_for(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.emission_requested_at = utcnow()
    async with clients(TENANT) as client:
        shown = (await client.get(_needs(seeded, quote_id))).json()
        refused = await client.put(_needs(seeded, quote_id), json=_body(FITTING))
    assert shown["locked"] is True
    assert refused.status_code == 409
    assert "non si possono più cambiare" in error_message(refused)


async def test_answers_per_quote_are_bounded(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            for _ in range(MAX_PER_QUOTE):
                session.add(m.NeedsAssessment(
                    quote_id=quote_id, kind="generale", questionnaire_version=0, answers=[],
                    mismatches=[], channel="link",
                ))  # fmt: skip
    agent = await headers_for(seeded, TENANT, "agente")
    async with clients(TENANT) as client:
        refused = await client.put(_needs(seeded, quote_id), json=_body(FITTING))
        office = await client.put(f"/api/quotes/{quote_id}/needs", json=_body(FITTING),
                                  headers=agent)  # fmt: skip
    assert office.status_code == 200  # the link's share spent, the office still answers
    assert refused.status_code == 400
    assert "troppe volte" in error_message(refused)


async def test_the_customer_signs_only_after_answering_and_the_answers_join_the_set(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        before = (await client.get(url)).json()
        asked_early = await client.post(f"{url}/code")
        signed_early = await client.post(f"{url}/confirm", json={
            "version": before["version"], "code": "123456",
            "hashes": [d["sha256"] for d in before["documents"]],
        })  # fmt: skip
        await client.put(_needs(seeded, quote_id), json=_body(FITTING))
        after = (await client.get(url)).json()
        asked = await client.post(f"{url}/code")
    for early in (asked_early, signed_early):
        assert (early.status_code, error_message(early)) == (
            400, "Rispondi prima alle domande sulle tue richieste ed esigenze",
        )  # fmt: skip
    assert [d["kind"] for d in before["documents"]] == ["allegato3", "allegato4", "allegato4ter"]
    assert after["version"] == before["version"] + 1  # the answers make a new version
    assert after["documents"][3]["kind"] == "esigenze"
    assert after["documents"][3]["title"] == "Richieste ed esigenze del contraente"
    assert asked.status_code == 200
