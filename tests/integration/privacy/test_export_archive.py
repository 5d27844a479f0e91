"""The export as the customer receives it (art. 15 and 20 GDPR): a ZIP of ``dati.json`` and the
client's files, read back here; the chats of the client's quotes and claims with their
messages, the mails the app sent to the client's addresses; only what the user asking may see
(another agent's tree, a sub-agent's quotes, another tenant); the files' size cap."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.privacy import archive, mails
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.privacy.helpers import FILE_BYTES, TENANT, attach, make_giulia

pytestmark = pytest.mark.usefixtures("seeded")


async def _get(
    clients: ClientFactory, runtime: Runtime, who: str, path: str, tenant: str = TENANT
) -> Any:
    async with clients(tenant) as client:
        return await client.get(path, headers=await headers_for(runtime, tenant, who))


async def _zip(
    clients: ClientFactory, runtime: Runtime, who: str, client_id: str
) -> tuple[dict[str, Any], dict[str, bytes]]:
    """``dati.json`` and the other entries of the client's ZIP, as ``who`` downloads it."""
    answer = await _get(clients, runtime, who, f"/api/privacy/clients/{client_id}/export.zip")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/zip"
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="dati-cliente-{client_id}.zip"'
    )
    with zipfile.ZipFile(io.BytesIO(answer.content)) as book:
        entries = {name: book.read(name) for name in book.namelist()}
    return json.loads(entries.pop(archive.DATA_NAME)), entries


def _messages(data: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    return {c["_id"]: [(x["author"], x["text"]) for x in c["messages"]] for c in data["chats"]}


async def test_the_zip_carries_the_data_the_chats_the_mails_and_the_files(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    a = await attach(seeded, g)
    data, files = await _zip(clients, seeded, "admin", g.client)
    assert data["format"] == "sportello-dati-cliente/2"
    assert data["client"]["email"] == "giulia@example.it"
    # every room of her quotes and claims, of any tree (the admin sees them all), with the
    # authors' names; never the room another tenant made on the same quote id
    assert _messages(data) == {
        a.chat_alone: [("Mario Rossi", "Giulia, manca la patente"),
                       ("Alessandra Amministratrice", "Ricevuto, grazie")],
        a.chat_kept: [("Mario Rossi", "Polizza firmata da Giulia")],
        a.chat_claim_old: [("Mario Rossi", "Giulia manda le foto")],
        a.chat_sub: [("Sara Bianchi", "Dal sub")],
        a.chat_other_tree: [("Agente2", "Altro albero")],
    }  # fmt: skip
    first = next(c for c in data["chats"] if c["_id"] == a.chat_alone)
    assert first["about"] == {"kind": "preventivo", "id": g.quote_alone}
    assert first["messages"][0]["attachments"] == [
        {"name": "patente.jpg", "fileType": "image/jpeg", "size": len(FILE_BYTES["patente.jpg"])}
    ]  # described, not carried: no link, no file
    assert first["messages"][0]["at"].startswith("2025-05-04T10:00:00")
    claim_room = next(c for c in data["chats"] if c["_id"] == a.chat_claim_old)
    assert claim_room["about"] == {"kind": "sinistro", "id": g.claim_old}
    # the mails to her addresses (any case), newest first; not another's, not another tenant's
    assert [(x["to"], x["subject"], x["purpose"]) for x in data["mails"]] == [
        ("Giulia@Example.it", "Sollecito rata", "sollecito"),
        ("giulia@example.it", "Codice di conferma", "precontratto"),
        ("giulia@pec.it", "Comunicazione", ""),
    ]
    assert data["mails"][0]["text"] == "Gentile Giulia Verdi, la rata..."
    assert data["notes"] == [
        "2 file non sono inclusi (vedi 'omitted' nell'elenco dei documenti): si scaricano "
        "dalla scheda del cliente."
    ]  # the two rows of make_giulia, whose files were never stored
    # the files, byte for byte, each where dati.json says; a row whose file is not in the
    # store is listed as left out
    by_id = {d["_id"]: d for d in data["documents"]}
    carried = {a.file_quote: "preventivo.pdf", a.file_policy: "polizza.pdf",
               a.file_claim_old: "grandine.jpg", a.file_sub: "sub.pdf",
               a.file_other_tree: "altro.pdf"}  # fmt: skip
    assert set(by_id) == {*carried, g.doc_quote, g.doc_policy}
    for doc_id, name in carried.items():
        path = by_id[doc_id]["file"]
        assert path.endswith(f"/{doc_id}-{name}")
        assert files[path] == FILE_BYTES[name]
    assert set(files) == {by_id[d]["file"] for d in carried}  # no chat file, nothing else
    assert by_id[g.doc_quote]["omitted"] == archive.MISSING
    assert "file" not in by_id[g.doc_quote]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            logged = (await session.execute(select(m.PrivacyLogEntry))).scalars().all()
    assert [(e.action, e.client_id, e.details["formato"]) for e in logged] == [
        ("esportazione", g.client, "zip")
    ]


async def test_the_json_route_carries_the_new_parts_for_its_callers(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    a = await attach(seeded, g)
    answer = await _get(clients, seeded, "admin", f"/api/privacy/clients/{g.client}/export")
    assert answer.status_code == 200
    data = json.loads(answer.content)
    assert a.chat_alone in _messages(data)
    assert len(data["mails"]) == 3
    assert a.file_claim_old in {d["_id"] for d in data["documents"]}
    assert all("file" not in d and "uri" not in d for d in data["documents"])


async def test_the_agent_gets_its_tree_and_never_another_agents(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    a = await attach(seeded, g)
    data, files = await _zip(clients, seeded, "agente", g.client)
    chats = _messages(data)
    assert set(chats) == {a.chat_alone, a.chat_kept, a.chat_claim_old, a.chat_sub}
    assert "Altro albero" not in json.dumps(data)
    ids = {d["_id"] for d in data["documents"]}
    assert a.file_other_tree not in ids
    assert a.file_sub in ids  # the sub-agent's quotes are in the agent's tree
    assert FILE_BYTES["altro.pdf"] not in files.values()
    assert len(data["mails"]) == 3  # the tree's top agent reads the client's own contacts


async def test_a_sub_agent_gets_only_the_chats_and_files_of_the_quotes_it_sees(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    a = await attach(seeded, g)
    data, files = await _zip(clients, seeded, "subagente", g.client)
    assert _messages(data) == {a.chat_sub: [("Sara Bianchi", "Dal sub")]}
    assert [q["_id"] for q in data["quotes"]] == [a.quote_sub]
    assert [d["_id"] for d in data["documents"]] == [a.file_sub]
    assert list(files.values()) == [FILE_BYTES["sub.pdf"]]
    for text in ("manca la patente", "Polizza firmata", "grandine", "Altro albero"):
        assert text not in json.dumps(data)
    # the client's own contacts (and so the mails to them) stay with the tree's top agent
    assert data["mails"] == []
    assert data["notes"] == [
        "Le e-mail inviate al cliente sono riservate a chi vede l'intera scheda del cliente "
        "(l'agente titolare e l'amministrazione): non sono incluse."
    ]


@pytest.mark.parametrize(
    ("who", "tenant", "status"),
    [("subagente", TENANT, 404), ("dipendente", TENANT, 403), ("segnalatore", TENANT, 403),
     ("admin", "rcadealer", 404)],
)  # fmt: skip
async def test_the_zip_follows_the_client_page_rule(
    clients: ClientFactory, seeded: Runtime, who: str, tenant: str, status: int
) -> None:
    g = await make_giulia(seeded, policies=False)  # no record in the sub-agent's tree
    path = f"/api/privacy/clients/{g.client}/export.zip"
    assert (await _get(clients, seeded, who, path, tenant)).status_code == status
    bad = await _get(clients, seeded, "admin", f"/api/privacy/clients/{'x' * 40}/export.zip")
    assert bad.status_code == 404
    assert bad.json()["error"]["message"] == "Cliente non trovato"


async def test_files_past_the_size_cap_are_left_out_and_named(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await make_giulia(seeded)
    a = await attach(seeded, g)
    # room for the newest files only: preventivo.pdf (05/2025) and sub.pdf (06/2025) and
    # altro.pdf (07/2025) are newer than the policy's and the claim's
    newest = sum(len(FILE_BYTES[n]) for n in ("altro.pdf", "sub.pdf", "preventivo.pdf"))
    monkeypatch.setattr(archive, "MAX_FILES_BYTES", newest)
    monkeypatch.setattr(archive, "MB", 1)  # the message names the limit in these units
    data, files = await _zip(clients, seeded, "admin", g.client)
    by_id = {d["_id"]: d for d in data["documents"]}
    assert sorted(files.values()) == sorted(
        FILE_BYTES[n] for n in ("altro.pdf", "sub.pdf", "preventivo.pdf")
    )
    too_big = f"Non incluso: supera il limite di {newest} MB dei file di un'esportazione"
    assert by_id[a.file_policy]["omitted"] == too_big
    assert by_id[a.file_claim_old]["omitted"] == too_big
    assert data["notes"] == [
        "4 file non sono inclusi (vedi 'omitted' nell'elenco dei documenti): si scaricano "
        "dalla scheda del cliente."
    ]  # the two past the cap, and the two rows with no stored file


async def test_the_mails_are_bounded_newest_first(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await make_giulia(seeded)
    await attach(seeded, g)
    monkeypatch.setattr(mails, "MAX_EXPORTED", 2)
    answer = await _get(clients, seeded, "admin", f"/api/privacy/clients/{g.client}/export")
    data = json.loads(answer.content)
    assert [x["subject"] for x in data["mails"]] == ["Sollecito rata", "Codice di conferma"]
    assert data["notes"] == ["Sono incluse le 2 e-mail più recenti delle 3 inviate al cliente."]


@pytest.mark.parametrize(
    ("name", "entry"),
    [("patente.pdf", "documenti/preventivo-q1/d1-patente.pdf"),
     ("../../etc/passwd", "documenti/preventivo-q1/d1-passwd"),
     ("C:\\Users\\giulia\\foto.jpg", "documenti/preventivo-q1/d1-foto.jpg"),
     ("..", "documenti/preventivo-q1/d1-.."), ("", "documenti/preventivo-q1/d1-file")],
)  # fmt: skip
def test_a_file_sits_in_its_records_folder_whatever_its_name(name: str, entry: str) -> None:
    document = {"_id": "d1", "name": name, "owner": {"kind": "preventivo", "id": "q1"}}
    assert archive.entry_name(document) == entry
