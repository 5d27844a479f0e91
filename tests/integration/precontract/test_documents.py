"""The pre-contract documents of a quote (IVASS Reg. 40/2018, Allegati 3, 4, 4-ter and the
product's DIP): made from the tenant's and the quote's data, read back from the PDFs; kept in
versions, a new one only when the quote changes; downloadable through the link and by the
office; the product's documents PDFs only, within the upload limit."""

from __future__ import annotations

import hashlib
from datetime import date

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids
from tests.integration.auth.helpers import error_message
from tests.integration.precontract.helpers import TENANT, base, pdf_text, priced_quote

pytestmark = pytest.mark.usefixtures("seeded")
MINIMAL_PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


async def _texts(client: AsyncTestClient[Litestar], url: str) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    shown = (await client.get(url)).json()
    texts = []
    for document in shown["documents"]:
        response = await client.get(f"{url}/{shown['version']}/{document['index']}")
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/pdf"
        texts.append(pdf_text(response.content))
    return shown, texts


async def _product_of(runtime: Runtime, quote_id: str) -> str:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            assert quote.product_id is not None
            return quote.product_id


async def test_the_annexes_carry_the_tenants_and_the_quotes_data(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, Allianz=1050, Generali=987.655)
    agent_id = (await user_ids(seeded, TENANT))["agente"]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            agent = await session.get(m.User, agent_id)
            assert agent is not None
            agent_name = agent.name
            # the collaborator's entry as 'RUI e formazione' keeps it (the demo's, changed here)
            entry = (await session.execute(select(m.RuiRegistration).where(
                m.RuiRegistration.user_id == agent_id))).scalar_one()  # fmt: skip
            entry.number, entry.registered_on = "E000654321", date(2019, 3, 15)
    tenant = seeded.tenants.get(TENANT)
    assert tenant is not None
    async with clients(TENANT) as client:
        shown, (three, four, four_ter, needs) = await _texts(client, base(seeded, quote_id))
    assert [d["kind"] for d in shown["documents"]] == [
        "allegato3", "allegato4", "allegato4ter", "esigenze",
    ]  # fmt: skip
    for text in (three, four, four_ter):
        assert tenant.title in text
        assert "Marta Colombo" in text
        assert "Regolamento IVASS n. 40/2018" in text
    assert "Allegato 3 - Informativa sul distributore" in three
    assert "Sezione IV - Informazioni sugli strumenti di tutela del contraente" in three
    assert agent_name in three
    # the collaborator's and the intermediary's entries (the demo's: A000100200 of 15/03/2012)
    assert "Sezione RUI E, n. E000654321, iscritto dal 15/03/2019" in three
    assert "Sezione RUI A, n. A000100200, iscritto dal 15/03/2012" in three
    # premiums it-IT, half up: 1050 → 1.050,00 €; 987.655 → 987,66 €
    assert "1.050,00 €" in four
    assert "987,66 €" in four
    assert "Allianz" in four
    assert "Generali" in four
    assert "RC Auto" in four
    assert "Sezione III - Informazioni relative alle remunerazioni" in four
    assert "Regole di comportamento del distributore" in four_ter
    assert "(art. 58)" in four_ter.replace("\n", " ")
    # the customer's answers (the demo product has no ramo: the general questions, each
    # choice's first answer), signed with the annexes
    flat = " ".join(needs.split())
    assert "Richieste ed esigenze del contraente" in flat
    assert "Contraente: Marta Colombo" in flat
    assert "Per quanto tempo ti serve la copertura? Un anno o più, con rinnovo" in flat
    assert "Proteggere la famiglia" in flat
    assert "Il contratto proposto risulta coerente" in flat


async def test_a_new_version_only_when_the_quote_changes(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        first = (await client.get(url)).json()
        again = (await client.get(url)).json()
        assert again == first  # nothing changed: the same version, the same files
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                quote = await session.get(m.Quote, quote_id)
                assert quote is not None
                quote.price = {"company": {"Allianz": {"tot": 640}}}
        second, texts = await _texts(client, url)
        old = await client.get(f"{url}/1/1")
    assert (first["version"], second["version"]) == (1, 2)
    assert first["documents"][1]["sha256"] != second["documents"][1]["sha256"]
    assert "640,00 €" in texts[1]
    assert "600,00 €" in pdf_text(old.content)  # the first version is kept as it was


async def test_other_tenants_quotes_and_bad_paths_open_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    foreign = await priced_quote(seeded, "rcadealer", Allianz=500)
    mine = await priced_quote(seeded, Allianz=500)
    async with clients(TENANT) as client:
        through_us = await client.get(base(seeded, foreign, "rcadealer"))
        with_our_code = await client.get(base(seeded, foreign))
        wrong_quote = await client.get(base(seeded, mine).replace(mine, foreign, 1))
        (await client.get(base(seeded, mine))).raise_for_status()
        past_end = await client.get(f"{base(seeded, mine)}/1/9")
        no_version = await client.get(f"{base(seeded, mine)}/7/0")
    for response in (through_us, with_our_code, wrong_quote):
        assert (response.status_code, error_message(response)) == (404, "Link non valido")
    assert past_end.status_code == no_version.status_code == 404
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            made = await session.execute(
                select(m.PrecontractSet).where(m.PrecontractSet.quote_id == foreign)
            )
            assert made.first() is None  # nothing was made for the foreign quote


async def test_the_office_downloads_and_other_trees_do_not_see(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")
        sub = await headers_for(seeded, TENANT, "subagente")
        made = await client.post(f"/api/quotes/{quote_id}/precontract", headers=admin)
        file = await client.get(f"/api/quotes/{quote_id}/precontract/1/0", headers=admin)
        hidden = await client.get(f"/api/quotes/{quote_id}/precontract", headers=sub)
        anonymous = await client.get(f"/api/quotes/{quote_id}/precontract")
        foreign = await client.get(
            f"/api/quotes/{quote_id}/precontract",
            headers=await headers_for(seeded, "rcadealer", "admin"),
        )
    assert made.status_code == 200
    assert made.json()["version"] == 1
    assert "Allegato 3" in pdf_text(file.content)
    assert hidden.status_code == 404  # the agent's quote is outside the subagent's tree
    assert anonymous.status_code == 401
    assert foreign.status_code in (401, 404)


async def test_product_documents_are_pdfs_within_the_limit_and_join_the_set(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    product_id = await _product_of(seeded, quote_id)
    url = f"/api/products/{product_id}/documents"
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")
        agent = await headers_for(seeded, TENANT, "agente")
        before = (await client.get(base(seeded, quote_id))).json()
        not_pdf = await client.post(url, headers=admin, data={"kind": "dip"},
                                    files={"file.0": ("dip.pdf", b"<html>no</html>")})  # fmt: skip
        bad_kind = await client.post(url, headers=admin, data={"kind": "altro"},
                                     files={"file.0": ("dip.pdf", MINIMAL_PDF)})  # fmt: skip
        by_agent = await client.post(url, headers=agent, data={"kind": "dip"},
                                     files={"file.0": ("dip.pdf", MINIMAL_PDF)})  # fmt: skip
        too_big = await client.post(
            url, headers=admin, data={"kind": "dip"},
            files={"file.0": ("dip.pdf", MINIMAL_PDF + b"0" * (21 * 1024 * 1024))},
        )  # fmt: skip
        stored = await client.post(url, headers=admin, data={"kind": "dip"},
                                   files={"file.0": ("DIP RC Auto.pdf", MINIMAL_PDF)})  # fmt: skip
        listed = (await client.get(url, headers=agent)).json()
        after = (await client.get(base(seeded, quote_id))).json()
        dip = await client.get(f"{base(seeded, quote_id)}/{after['version']}/4")
    assert (not_pdf.status_code, error_message(not_pdf)) == (
        400, "Il documento del prodotto deve essere un PDF",
    )  # fmt: skip
    assert bad_kind.status_code == 400
    assert by_agent.status_code == 403
    assert too_big.status_code == 413
    assert stored.status_code == 200
    assert [d["name"] for d in listed] == ["DIP RC Auto.pdf"]
    assert listed[0]["sha256"] == hashlib.sha256(MINIMAL_PDF).hexdigest()
    assert listed[0]["size"] == len(MINIMAL_PDF)
    assert after["version"] == before["version"] + 1  # a new product document: a new version
    assert after["documents"][4]["kind"] == "dip"  # after the annexes and the answers
    assert dip.content == MINIMAL_PDF


async def test_a_large_product_document_is_stored_whole_with_its_digest(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """A file of several chunks (the digest is read 1 MB at a time) is stored byte for byte."""
    quote_id = await priced_quote(seeded, Allianz=600)
    product_id = await _product_of(seeded, quote_id)
    content = MINIMAL_PDF + bytes(range(256)) * (3 * 4096 + 7)  # about 3 MB, no chunk edge
    url = f"/api/products/{product_id}/documents"
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")
        stored = await client.post(url, headers=admin, data={"kind": "condizioni"},
                                   files={"file.0": ("Condizioni.pdf", content)})  # fmt: skip
        back = await client.get(f"{url}/{stored.json()['_id']}", headers=admin)
    assert stored.status_code == 200
    assert stored.json()["sha256"] == hashlib.sha256(content).hexdigest()
    assert stored.json()["size"] == len(content)
    assert back.content == content


async def test_a_product_lines_practice_has_no_annexes(
    clients: ClientFactory, seeded: Runtime
) -> None:
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            stmt = select(m.Quote.id).where(m.Quote.type.is_not(None)).limit(1)
            practice = (await session.execute(stmt)).scalar_one()
    async with clients("rcadealer") as client:
        response = await client.get(base(seeded, practice, "rcadealer"))
    assert (response.status_code, error_message(response)) == (
        404, "Nessun documento precontrattuale per questo preventivo",
    )  # fmt: skip
