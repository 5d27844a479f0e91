"""richiediEmissione over the socket: the toggle of SPEC §4, roles, archive and the
``emission_request`` hook of the quote's line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from core.db import models as m
from core.errors import ClientError
from core.extensions import ProductLine
from core.hookspecs import hookimpl
from core.plugins import registered
from core.testing import CallFailed, Live, reload, update_quote, user_ids
from tests.realtime.quote_records import open_quote, pick_quote

REQUESTED = "Emissione richiesta"


async def test_an_agent_requests_and_the_toggle_cancels(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    agent = await live.logged_in("assicurapp", "agente")
    await agent.subscribe("preventivi")

    answer = await agent.invoke("richiediEmissione", {"pId": quote.id})

    assert answer["status"] == REQUESTED
    assert answer["requestEmission"]["by"] == ids["agente"]
    event = await agent.published("preventivi")
    assert event["p"]["_id"] == quote.id
    assert event["p"]["requestEmission"]["by"] == ids["agente"]
    stored = await reload(live.runtime, "assicurapp", quote.id)
    assert stored.status == REQUESTED
    assert stored.quote["statusBefore"] == "Preventivato"

    undone = await agent.invoke("richiediEmissione", {"pId": quote.id})  # the toggle

    assert undone == {"requestEmission": None, "status": "Preventivato"}
    stored = await reload(live.runtime, "assicurapp", quote.id)
    assert (stored.status, stored.emission_requested_at) == ("Preventivato", None)
    assert "statusBefore" not in stored.quote


async def test_explicit_undo_and_request_do_not_toggle(live: Live) -> None:
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    agent = await live.logged_in("assicurapp", "agente")

    with pytest.raises(CallFailed, match="non è stata richiesta"):
        await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": True})
    first = await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": False})
    again = await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": False})
    assert first == again
    assert again["status"] == REQUESTED
    cancelled = await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": True})
    assert cancelled["requestEmission"] is None


async def test_undo_keeps_a_status_a_manager_moved_on(live: Live) -> None:
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    agent = await live.logged_in("assicurapp", "agente")
    await agent.invoke("richiediEmissione", {"pId": quote.id})
    await update_quote(live.runtime, "assicurapp", quote.id, status="In lavorazione compagnia")

    answer = await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": True})

    assert answer == {"requestEmission": None, "status": "In lavorazione compagnia"}


async def test_a_parent_agent_requests_for_a_sub_agents_quote(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    quote = await pick_quote(
        live.runtime, "assicurapp", "subagente", lambda q: q.emission_requested_at is None
    )
    parent = await live.logged_in("assicurapp", "agente")
    answer = await parent.invoke("richiediEmissione", {"pId": quote.id})
    assert answer["requestEmission"]["by"] == ids["agente"]


@pytest.mark.parametrize("who", ["admin", "responsabile", "dipendente", "segnalatore"])
async def test_only_agents_request(live: Live, who: str) -> None:
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    client = await live.logged_in("assicurapp", who)
    only_theirs = r"^Solo il collaboratore del preventivo può richiedere l'emissione$"
    with pytest.raises(CallFailed, match=only_theirs) as failed:
        await client.invoke("richiediEmissione", {"pId": quote.id})
    assert failed.value.name == "Forbidden"
    assert (await reload(live.runtime, "assicurapp", quote.id)).emission_requested_at is None


async def test_a_quote_outside_the_tree_or_tenant_is_not_found(live: Live) -> None:
    mine = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    foreign = await pick_quote(live.runtime, "rcadealer", "agente", open_quote("Preventivato"))
    sub = await live.logged_in("assicurapp", "subagente")
    agent = await live.logged_in("assicurapp", "agente")
    for client, quote_id in ((sub, mine.id), (agent, foreign.id), (agent, "nonesiste")):
        with pytest.raises(CallFailed, match="Preventivo non trovato"):
            await client.invoke("richiediEmissione", {"pId": quote_id})
    assert (await reload(live.runtime, "assicurapp", mine.id)).emission_requested_at is None
    assert (await reload(live.runtime, "rcadealer", foreign.id)).emission_requested_at is None


async def test_an_archived_quote_is_refused(live: Live) -> None:
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    await update_quote(live.runtime, "assicurapp", quote.id, archived=True)
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match="archiviato"):
        await agent.invoke("richiediEmissione", {"pId": quote.id})
    stored = await reload(live.runtime, "assicurapp", quote.id)
    assert (stored.status, stored.emission_requested_at) == ("Preventivato", None)


@pytest.mark.parametrize(
    "data",
    [{"pId": 5}, {"undo": True}, {"pId": "x", "undo": "si"}, {"pId": "x", "quote": "tanto"}],
)
async def test_bad_payloads(live: Live, data: dict[str, Any]) -> None:
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match="Dati non validi"):
        await agent.invoke("richiediEmissione", data)


async def test_the_consultancy_value_is_checked_and_kept(live: Live) -> None:
    """Plain quotes: core's own emission_request keeps the value within qMin–qMax (2–10)."""
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match="fuori dai limiti"):
        await agent.invoke("richiediEmissione", {"pId": quote.id, "quote": 11})
    assert (await reload(live.runtime, "assicurapp", quote.id)).emission_requested_at is None

    await agent.invoke("richiediEmissione", {"pId": quote.id, "quote": 6.5})

    assert (await reload(live.runtime, "assicurapp", quote.id)).quote["qFattura"] == 6.5


class LinePlugin:
    """A line plugin that refuses every request it hears and records what it heard."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.heard: list[tuple[str, str | None, dict[str, Any], bool]] = []

    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine(self.line, self.line.title(), "box")]

    @hookimpl
    def emission_request(
        self, quote: m.Quote, product: m.Product | None, payload: Mapping[str, Any], undo: bool
    ) -> None:
        self.heard.append((quote.id, product.name if product else None, dict(payload), undo))
        if not undo:
            raise ClientError("Manca il contratto firmato")


async def test_the_lines_plugin_is_consulted_and_may_refuse(live: Live) -> None:
    """Only the quote's own line is asked: plain quotes never reach the line's plugin."""
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    plugin = LinePlugin("prestiti")  # a line assicurapp offers
    agent = await live.logged_in("assicurapp", "agente")
    with registered(live.runtime.pm, plugin, name="test-line"):
        await agent.invoke("richiediEmissione", {"pId": quote.id, "quote": 4})
        await agent.invoke("richiediEmissione", {"pId": quote.id})
        assert plugin.heard == []
        await update_quote(live.runtime, "assicurapp", quote.id, type="prestiti")
        with pytest.raises(CallFailed, match="Manca il contratto firmato") as failed:
            await agent.invoke("richiediEmissione", {"pId": quote.id, "quote": 4, "extra": "x"})
    assert failed.value.name == "BadRequest"
    assert plugin.heard == [(quote.id, "RC Auto", {"quote": 4, "extra": "x"}, False)]
    stored = await reload(live.runtime, "assicurapp", quote.id)
    assert (stored.status, stored.emission_requested_at) == ("Preventivato", None)


async def test_a_quote_of_a_line_the_tenant_does_not_offer_is_not_worked(live: Live) -> None:
    quote = await pick_quote(live.runtime, "assicurapp", "agente", open_quote("Preventivato"))
    await update_quote(live.runtime, "assicurapp", quote.id, type="linea-sconosciuta")
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match="Prodotto non disponibile"):
        await agent.invoke("richiediEmissione", {"pId": quote.id})
    admin = await live.logged_in("assicurapp", "admin")
    change = {"$set": {"status": "In lavorazione compagnia"}}
    with pytest.raises(CallFailed, match="Prodotto non disponibile"):
        await admin.invoke("saveData", {"coll": "preventivi", "_id": quote.id, "upd": change})
    stored = await reload(live.runtime, "assicurapp", quote.id)
    assert (stored.status, stored.emission_requested_at) == ("Preventivato", None)
