"""A quote's pre-contract paperwork (the sets made for the customer, the confirmation, the
answers on demands and needs) in the export and the erasure: exported for the quotes the user
sees; erased with a quote that led to no policy — rows and the files made for the customer,
bytes included — and kept with a kept policy's quote, for as long; the product's own documents,
shared by every quote, stay."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import storage_of
from core.domain.needs.answers import AnswersBody
from core.domain.needs.assessments import record_answers
from core.domain.precontract.sets import ensure_current
from core.domain.privacy import controllers
from core.domain.quotes.links import mint_code
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.auth.helpers import error_message
from tests.integration.privacy.helpers import TENANT, make_giulia

pytestmark = pytest.mark.usefixtures("seeded")
TODAY = date(2026, 11, 29)
PRODUCT_PDF = b"%PDF-1.4 DIP della compagnia"
ANSWERS = {"kind": "generale", "version": 0, "answers": [{"id": "durata", "option": 1},
                                     {"id": "altre_coperture", "option": 0},
                                     {"id": "premio_sostenibile", "option": 0}]}  # fmt: skip


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controllers, "today_in_rome", lambda: TODAY)


async def _paperwork(runtime: Runtime, quote_ids: list[str]) -> str:
    """Answers and a pre-contract set for each quote (the demo RC Auto product, with a DIP);
    the DIP's stored key."""
    tenant = runtime.tenants.get(TENANT)
    assert tenant is not None
    store = storage_of(runtime.settings)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            product = (await session.execute(
                select(m.Product).where(m.Product.name == "RC Auto"))).scalar_one()  # fmt: skip
            dip_key = store.save(TENANT, "DIP.pdf", PRODUCT_PDF)
            session.add(m.ProductDocument(product_id=product.id, kind="dip", name="DIP.pdf",
                                          storage_key=dip_key, sha256="0" * 64,
                                          size=len(PRODUCT_PDF)))  # fmt: skip
            for quote_id in quote_ids:
                quote = await session.get(m.Quote, quote_id)
                assert quote is not None
                quote.product_id = product.id
                body = AnswersBody.model_validate(ANSWERS)
                await record_answers(session, quote_id, body, channel="link", by=None,
                                     address="203.0.113.9")  # fmt: skip
                await ensure_current(session, runtime.settings, tenant, quote_id, None)
    return dip_key


async def _rows(runtime: Runtime) -> dict[str, Any]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            sets = (await session.execute(select(m.PrecontractSet))).scalars().all()
            answers = (await session.execute(select(m.NeedsAssessment))).scalars().all()
            quotes = (await session.execute(select(m.Quote))).scalars().all()
            return {
                "sets": {s.quote_id: [d["key"] for d in s.documents] for s in sets},
                "answers": {a.quote_id for a in answers},
                "summaries": {
                    q.id: sorted(set(q.quote or {}) & {"esigenze", "precontratto"}) for q in quotes
                },
            }


def _stored(runtime: Runtime, key: str) -> bool:
    try:
        with storage_of(runtime.settings).open(TENANT, key) as source:
            return bool(source.read())
    except (OSError, KeyError):
        return False


async def test_the_paperwork_follows_its_quote(clients: ClientFactory, seeded: Runtime) -> None:
    g = await make_giulia(seeded)
    dip_key = await _paperwork(seeded, [g.quote_alone, g.quote_kept])
    before = await _rows(seeded)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = select(m.NeedsAssessment.id).where(m.NeedsAssessment.quote_id == g.quote_alone)
            her_answers = list((await session.execute(stmt)).scalars())
    admin = await headers_for(seeded, TENANT, "admin")
    async with clients(TENANT) as client:
        exported = (await client.get(f"/api/privacy/clients/{g.client}/export",
                                     headers=admin)).json()  # fmt: skip
        erased = await client.post(f"/api/privacy/clients/{g.client}/erasure", headers=admin)
    after = await _rows(seeded)
    # the export carries both quotes' documents and answers
    paperwork = {p["quoteId"]: p for p in exported["paperwork"]}
    assert set(paperwork) == {g.quote_alone, g.quote_kept}
    alone = paperwork[g.quote_alone]
    assert [d["kind"] for d in alone["precontract"][0]["documents"]] == [
        "allegato3", "allegato4", "allegato4ter", "esigenze", "dip",
    ]  # fmt: skip
    assert alone["needs"][0]["channel"] == "link"
    assert alone["needs"][0]["mismatches"] == [
        {"question": "Per quanto tempo ti serve la copertura?", "answer": "Meno di un anno"}
    ]
    # the erasure: the lone quote's paperwork goes, files made for her included
    assert erased.status_code == 200, erased.text
    body = erased.json()
    label = "Documenti precontrattuali e richieste ed esigenze"
    assert {"kind": "precontrattuale", "id": g.quote_alone, "label": label} in body["anonymised"]
    assert g.quote_alone not in after["sets"]
    assert g.quote_alone not in after["answers"]
    assert after["summaries"][g.quote_alone] == []
    made_for_her = [k for k in before["sets"][g.quote_alone] if k != dip_key]
    assert len(made_for_her) == 4
    assert not any(_stored(seeded, key) for key in made_for_her)
    # the activity log keeps that her answers existed, not what they said nor where from
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            logged = select(m.AuditEntry).where(m.AuditEntry.entity_id.in_(her_answers))
            audit = [str(e.changes) for e in (await session.execute(logged)).scalars()]
    assert len(audit) == 2  # inserted, then removed by the erasure
    assert not any("203.0.113.9" in entry or "Meno di un anno" in entry for entry in audit)
    # the kept policy's quote keeps its paperwork to the policy's date; the company's DIP stays
    [kept] = [k for k in body["kept"] if k["kind"] == "precontrattuale"]
    assert (kept["id"], kept["until"]) == (g.quote_kept, "2030-03-31")
    assert "Reg. IVASS 40/2018" in kept["reason"]
    assert after["sets"][g.quote_kept] == before["sets"][g.quote_kept]
    assert g.quote_kept in after["answers"]
    assert after["summaries"][g.quote_kept] == ["esigenze", "precontratto"]
    assert all(_stored(seeded, key) for key in before["sets"][g.quote_kept])
    assert _stored(seeded, dip_key)


async def test_an_erased_customers_links_take_no_new_data(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    code = mint_code(seeded.settings, seeded.tenants.get(TENANT), g.quote_alone, "someone")  # type: ignore[arg-type]
    link = f"/api/public/quotes/{g.quote_alone}/{code}"
    admin = await headers_for(seeded, TENANT, "admin")
    async with clients(TENANT) as client:
        before = await client.get(f"{link}/needs")
        await client.post(f"/api/privacy/clients/{g.client}/erasure", headers=admin)
        answers = await client.put(f"{link}/needs", json=ANSWERS)
        consents = await client.post(f"{link}/consents", json={"servizio": True})
        quote = await client.get(link)
    assert before.status_code == 200
    for refused in (answers, consents, quote):
        assert refused.status_code == 410
        assert error_message(refused) == (
            "Il link non è più valido: i dati del cliente sono stati cancellati su sua richiesta"
        )
    assert g.quote_alone not in (await _rows(seeded))["answers"]
