"""Quote calls per role over the socket (SPEC §4, §6): statuses by canSelectedBy, archive and
documents by canEdit, and nothing at all on a quote outside the caller's tree."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import storage_of
from core.testing import CallFailed, Live, ScClient, reload
from tests.realtime.quote_records import open_quote, pick_quote

TENANT = "assicurapp"


def _save(quote_id: str, **changes: Any) -> dict[str, Any]:
    return {"coll": "preventivi", "_id": quote_id, "upd": {"$set": changes}}


async def _document_of(live: Live, quote_id: str) -> m.Document:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Document).where(m.Document.owner_id == quote_id)
            document = (await session.execute(stmt)).scalars().first()
    assert document is not None
    return document


async def _with_documents(live: Live) -> m.Quote:
    return await pick_quote(live.runtime, TENANT, "agente", lambda q: bool(q.allegati))


def _delete(quote_id: str, document: m.Document) -> dict[str, Any]:
    return {"preventivoId": quote_id, "uri": document.uri, "_id": document.id}


async def test_an_agent_gets_nothing_of_another_agents_quote(live: Live) -> None:
    quote = await _with_documents(live)
    document = await _document_of(live, quote.id)
    sub = await live.logged_in(TENANT, "subagente")
    refused: list[tuple[str, dict[str, Any]]] = [
        ("saveData", _save(quote.id, status="Preventivato")),
        ("saveData", _save(quote.id, archived=True)),
        ("richiediEmissione", {"pId": quote.id}),
        ("createLinkPreventivo", {"pId": quote.id}),
        ("deleteAllegato", _delete(quote.id, document)),
    ]
    for call, data in refused:
        with pytest.raises(CallFailed) as failed:
            await sub.invoke(call, data)
        assert failed.value.name in ("Forbidden", "NotFound"), call
    after = await reload(live.runtime, TENANT, quote.id)
    assert (after.status, after.archived, after.allegati) == (
        quote.status, quote.archived, quote.allegati,
    )  # fmt: skip
    assert (await _document_of(live, quote.id)).id == document.id


@pytest.mark.parametrize(
    ("who", "status", "allowed"),
    [
        ("agente", "In lavorazione compagnia", False),
        ("agente", "Non approvato", False),
        ("admin", "Emissione richiesta", False),
        ("admin", "Preventivo di rinnovo", False),
        ("responsabile", "Emissione richiesta", False),
        ("segnalatore", "Preventivato", False),
        ("admin", "In lavorazione compagnia", True),
        ("responsabile", "Approvato dalla direzione", True),
    ],
)
async def test_status_changes_follow_can_selected_by(
    live: Live, who: str, status: str, allowed: bool
) -> None:
    quote = await pick_quote(live.runtime, TENANT, "agente", open_quote("Preventivato"))
    client = await live.logged_in(TENANT, who)
    if allowed:
        assert await client.invoke("saveData", _save(quote.id, status=status)) == {
            "modifiedCount": 1
        }
        assert (await reload(live.runtime, TENANT, quote.id)).status == status
        return
    with pytest.raises(CallFailed, match="Non puoi impostare lo stato") as failed:
        await client.invoke("saveData", _save(quote.id, status=status))
    assert failed.value.name == "Forbidden"
    assert (await reload(live.runtime, TENANT, quote.id)).status == "Preventivato"


@pytest.mark.parametrize(
    ("who", "allowed"),
    [("agente", False), ("subagente", False), ("segnalatore", False), ("dipendente", False),
     ("admin", True), ("responsabile", True)],
)  # fmt: skip
async def test_archiving_needs_can_edit(live: Live, who: str, allowed: bool) -> None:
    quote = await pick_quote(live.runtime, TENANT, "agente", open_quote("Preventivato"))
    client = await live.logged_in(TENANT, who)
    if not allowed:
        with pytest.raises(CallFailed, match="Non puoi modificare il campo archived"):
            await client.invoke("saveData", _save(quote.id, archived=True))
        assert (await reload(live.runtime, TENANT, quote.id)).archived is False
        return
    await client.invoke("saveData", _save(quote.id, archived=True))
    assert (await reload(live.runtime, TENANT, quote.id)).archived is True
    await client.invoke("saveData", _save(quote.id, archived=False))
    assert (await reload(live.runtime, TENANT, quote.id)).archived is False


async def test_an_agent_cannot_unarchive(live: Live) -> None:
    quote = await pick_quote(live.runtime, TENANT, "agente", lambda q: q.archived)
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="archived"):
        await agent.invoke("saveData", _save(quote.id, archived=False))
    assert (await reload(live.runtime, TENANT, quote.id)).archived is True


async def _link(client: ScClient, quote_id: str) -> str:
    answer = await client.invoke("createLinkPreventivo", {"pId": quote_id})
    link: str = answer["link"]
    return link


async def test_links_for_visible_quotes_only(live: Live) -> None:
    quote = await pick_quote(live.runtime, TENANT, "subagente")
    origin = f"http://assicurapp.localhost:{live.port}"
    for who in ("subagente", "agente", "admin", "responsabile"):
        link = await _link(await live.logged_in(TENANT, who), quote.id)
        assert link.startswith(f"{origin}/preventivo-email/{quote.id}/")
        assert len(link.rsplit("/", 1)[1]) > 40
    foreign = await pick_quote(live.runtime, "rcadealer", "agente")
    for who, quote_id in (("dipendente", quote.id), ("admin", foreign.id)):
        with pytest.raises(CallFailed, match="Preventivo non trovato"):
            await _link(await live.logged_in(TENANT, who), quote_id)


async def test_only_can_edit_deletes_documents(live: Live) -> None:
    quote = await _with_documents(live)
    document = await _document_of(live, quote.id)
    agent = await live.logged_in(TENANT, "agente")
    only_managers = r"^Solo amministratori e responsabili possono gestire i documenti$"
    with pytest.raises(CallFailed, match=only_managers) as failed:
        await agent.invoke("deleteAllegato", _delete(quote.id, document))
    assert failed.value.name == "Forbidden"

    storage = storage_of(live.runtime.settings)
    assert storage.size(TENANT, document.storage_key) is not None
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("docs")
    with pytest.raises(CallFailed, match="Documento non trovato"):
        await admin.invoke("deleteAllegato", {**_delete(quote.id, document), "uri": "/upload/x"})
    answer = await admin.invoke("deleteAllegato", _delete(quote.id, document))

    assert answer == {"ok": True}
    event = await admin.published("docs")
    assert (event["operationType"], event["d"]["_id"]) == ("delete", document.id)
    after = await reload(live.runtime, TENANT, quote.id)
    assert all(document.id not in entry["files"] for entry in after.allegati.values())
    assert set(after.allegati) == set(quote.allegati)
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            assert await session.get(m.Document, document.id) is None
    assert storage.size(TENANT, document.storage_key) is None
