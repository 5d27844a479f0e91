"""The customer's confirmation of receipt with a one-time e-mail code: recorded with the time,
the client address, the channel and the documents' hashes; wrong codes counted (the fifth
spends the code), codes expire after ten minutes, a changed document no longer matches,
bodies are bounded."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.documents.files import storage_of
from core.domain.precontract.sets import latest_set
from core.domain.precontract.signature import CHANGED, SPENT, TOO_SOON, confirm, send_code
from core.errors import ClientError
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.auth.helpers import error_message
from tests.integration.precontract.helpers import (
    TENANT,
    base,
    change_set,
    mailed_code,
    pdf_text,
    priced_quote,
)

pytestmark = pytest.mark.usefixtures("seeded")


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


async def test_the_customer_confirms_with_the_mailed_code(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        shown = (await client.get(url)).json()
        asked = await client.post(f"{url}/code")
        code = await mailed_code(seeded)
        hashes = [d["sha256"] for d in shown["documents"]]
        body = {"version": shown["version"], "code": code, "hashes": hashes}
        confirmed = await client.post(f"{url}/confirm", json=body)
        twice = await client.post(f"{url}/confirm", json=body)
        admin = await headers_for(seeded, TENANT, "admin")
        receipts = (await client.get(f"/api/quotes/{quote_id}/precontract", headers=admin)).json()
        pdf = await client.get(f"/api/quotes/{quote_id}/precontract/1/receipt", headers=admin)
    assert asked.status_code == 200
    assert asked.json()["sentTo"] == "m***@example.it"
    assert confirmed.status_code == 200
    assert confirmed.json()["confirmedAt"]
    assert twice.status_code == 409
    receipt = receipts["versions"][0]
    assert receipt["confirmation"]["channel"] == "email"
    assert receipt["confirmation"]["address"] == "testclient"  # the test client's address
    assert receipt["confirmation"]["hashes"] == hashes
    assert all(d["matches"] for d in receipt["documents"])
    text = pdf_text(pdf.content)
    assert "Il cliente ha confermato di aver ricevuto e letto i documenti" in text
    assert hashes[0] in text.replace("\n", "")
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            assert quote.quote["precontratto"]["state"] == "confermati"


async def test_five_wrong_codes_spend_the_code(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        shown = (await client.get(url)).json()
        await client.post(f"{url}/code")
        code = await mailed_code(seeded)
        hashes = [d["sha256"] for d in shown["documents"]]

        async def attempt(value: str) -> tuple[int, str]:
            response = await client.post(
                f"{url}/confirm", json={"version": 1, "code": value, "hashes": hashes}
            )
            return response.status_code, error_message(response)

        wrongs = [await attempt(_wrong(code)) for _ in range(5)]
        right_too_late = await attempt(code)
        too_soon = await client.post(f"{url}/code")
        await change_set(seeded, quote_id, code_sent_at=utcnow() - timedelta(minutes=1))
        again = await client.post(f"{url}/code")
        fresh = await mailed_code(seeded)
        ok = await client.post(
            f"{url}/confirm", json={"version": 1, "code": fresh, "hashes": hashes}
        )
    left = [f"Codice errato: restano {n} tentativi" for n in (4, 3, 2)]
    last = "Codice errato: resta un ultimo tentativo"
    assert wrongs[:4] == [(400, message) for message in [*left, last]]
    assert wrongs[4] == right_too_late == (400, "Troppi tentativi errati: chiedi un nuovo codice")
    assert too_soon.status_code == 400
    assert again.status_code == 200
    assert ok.status_code == 200


async def test_an_expired_code_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        shown = (await client.get(url)).json()
        await client.post(f"{url}/code")
        code = await mailed_code(seeded)
        await change_set(seeded, quote_id, code_expires_at=utcnow() - timedelta(seconds=1))
        hashes = [d["sha256"] for d in shown["documents"]]
        response = await client.post(
            f"{url}/confirm", json={"version": 1, "code": code, "hashes": hashes}
        )
    assert (response.status_code, error_message(response)) == (
        400, "Il codice è scaduto: chiedine uno nuovo",
    )  # fmt: skip


async def test_changed_documents_no_longer_match(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        shown = (await client.get(url)).json()
        await client.post(f"{url}/code")
        code = await mailed_code(seeded)
        hashes = [d["sha256"] for d in shown["documents"]]
        stale = await client.post(  # the page showed other files than the set holds
            f"{url}/confirm", json={"version": 1, "code": code, "hashes": [*hashes[:2], "0" * 64]}
        )
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                made = (await session.execute(
                    m.PrecontractSet.__table__.select().where(
                        m.PrecontractSet.quote_id == quote_id)
                )).mappings().one()  # fmt: skip
        key = made["documents"][0]["key"]
        path = storage_of(seeded.settings).path(seeded.tenants.get(TENANT).id, key)  # type: ignore[attr-defined, union-attr]
        path.write_bytes(path.read_bytes().replace(b"Allegato 3", b"Allegato 9"))
        admin = await headers_for(seeded, TENANT, "admin")
        receipt = (await client.get(f"/api/quotes/{quote_id}/precontract", headers=admin)).json()
    assert (stale.status_code, error_message(stale)) == (
        409, "I documenti sono cambiati: ricarica la pagina e leggi la versione aggiornata",
    )  # fmt: skip
    matches = [d["matches"] for d in receipt["versions"][0]["documents"]]
    assert matches == [False, True, True, True]  # the annexes and the answers


async def test_bad_bodies_change_nothing(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    async with clients(TENANT) as client:
        await client.get(url)
        await client.post(f"{url}/code")
        huge = await client.post(f"{url}/confirm", content=b'{"code":"' + b"1" * 10_000 + b'"}',
                                 headers={"content-type": "application/json"})  # fmt: skip
        garbage = await client.post(f"{url}/confirm", content=b"{not json",
                                    headers={"content-type": "application/json"})  # fmt: skip
        letters = await client.post(
            f"{url}/confirm", json={"version": 1, "code": "abcdef", "hashes": []}
        )
        many = await client.post(
            f"{url}/confirm", json={"version": 1, "code": "123456", "hashes": ["x"] * 50}
        )
    assert huge.status_code == 413
    assert garbage.status_code == letters.status_code == many.status_code == 400
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            made = (await session.execute(
                m.PrecontractSet.__table__.select().where(m.PrecontractSet.quote_id == quote_id)
            )).mappings().one()  # fmt: skip
    assert made["code_attempts"] == 0
    assert made["confirmed_at"] is None


async def test_no_email_no_code(clients: ClientFactory, seeded: Runtime) -> None:
    quote_id = await priced_quote(seeded, Allianz=600)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.usr_data = [e for e in quote.usr_data if e["_id"] != "email"]
    async with clients(TENANT) as client:
        await client.get(base(seeded, quote_id))  # the page reads the documents first
        response = await client.post(f"{base(seeded, quote_id)}/code")
    assert response.status_code == 400
    assert "e-mail del cliente" in error_message(response)


async def test_signing_what_the_page_did_not_show_makes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """Asking for a code or confirming makes no documents: with none read yet, or another
    version named, the answer is to read them again, and nothing is stored meanwhile."""
    quote_id = await priced_quote(seeded, Allianz=600)
    url = base(seeded, quote_id)
    stored_before = sorted(p.name for p in seeded.settings.app.data_dir.rglob("*.pdf"))
    body = {"version": 999, "code": "123456", "hashes": []}
    async with clients(TENANT) as client:
        unread_code = await client.post(f"{url}/code")
        unread_confirm = await client.post(f"{url}/confirm", json=body)
        shown = (await client.get(url)).json()
        stale = [await client.post(f"{url}/confirm", json=body) for _ in range(3)]
    for refused in (unread_code, unread_confirm, *stale):
        assert (refused.status_code, error_message(refused)) == (409, CHANGED)
    stored_after = sorted(p.name for p in seeded.settings.app.data_dir.rglob("*.pdf"))
    assert len(stored_after) == len(stored_before) + len(shown["documents"])  # one set only


async def test_two_code_requests_at_once_send_one_code(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """The second request waits for the first's commit, then finds the code just sent: one
    mail, counted once (without the lock, PostgreSQL let both read the unsent set and each
    mail a code, the count written back as one)."""
    quote_id = await priced_quote(seeded, Allianz=600)
    async with clients(TENANT) as client:
        assert (await client.get(base(seeded, quote_id))).status_code == 200  # makes the set
    tenant = seeded.tenants.get(TENANT)
    assert tenant is not None
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            made_id = (await latest_set(session, quote_id)).id  # type: ignore[union-attr]
    first_sent, first_may_commit = asyncio.Event(), asyncio.Event()

    async def ask(hold: bool) -> str:
        async with seeded.db.session() as session:
            made = await session.get(m.PrecontractSet, made_id)
            assert made is not None
            try:
                sent_to = await send_code(session, seeded.settings, tenant, made)
            except ClientError as exc:
                return exc.message
            if hold:
                first_sent.set()
                await first_may_commit.wait()
            return sent_to

    with tenant_scope(TENANT):
        first = asyncio.create_task(ask(hold=True))
        await asyncio.wait([first, asyncio.ensure_future(first_sent.wait())], timeout=30,
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        assert first_sent.is_set(), first
        second = asyncio.create_task(ask(hold=False))
        await asyncio.sleep(0.5)  # the second reads the set now, or waits for the first
        first_may_commit.set()
        answers = await asyncio.gather(first, second)
        async with seeded.db.session() as session:
            made = await session.get(m.PrecontractSet, made_id)
            mails = select(m.OutboxMail.id).where(m.OutboxMail.purpose == "precontratto")
            sent = (await session.execute(mails)).all()
    assert list(answers) == ["m***@example.it", TOO_SOON]
    assert made is not None
    assert made.codes_sent == 1
    assert len(sent) == 1


async def test_guesses_sent_at_once_are_counted_one_by_one(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """Eight wrong codes at once: four told how many tries are left, then the code is spent,
    the right one refused too (without the lock, PostgreSQL let each read the same count and
    check far more than five guesses)."""
    quote_id = await priced_quote(seeded, Allianz=600)
    async with clients(TENANT) as client:
        shown = (await client.get(base(seeded, quote_id))).json()
        assert (await client.post(f"{base(seeded, quote_id)}/code")).status_code == 200
    code = await mailed_code(seeded)
    hashes = [d["sha256"] for d in shown["documents"]]

    async def guess(value: str) -> str:
        async with seeded.db.session() as session:
            made = await latest_set(session, quote_id)
            assert made is not None
            try:
                await confirm(session, seeded.settings, made, code=value, hashes=hashes,
                              address="198.51.100.7")  # fmt: skip
            except ClientError as exc:
                return exc.message
            return "confermato"

    with tenant_scope(TENANT):
        answers = await asyncio.gather(*(guess(_wrong(code)) for _ in range(8)))
        right_after = await guess(code)
        async with seeded.db.session() as session:
            made = await latest_set(session, quote_id)
    left = [f"Codice errato: restano {n} tentativi" for n in (4, 3, 2)]
    last = "Codice errato: resta un ultimo tentativo"
    assert sorted(answers) == sorted([*left, last, *[SPENT] * 4])
    assert right_after == SPENT
    assert made is not None
    assert made.code_attempts == 5
    assert made.confirmed_at is None
