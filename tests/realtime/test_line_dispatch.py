"""Per-line hooks reach their line's plugin only: a line whose hooks raise for anything leaves
every other line's quotes, emissions and commissions working on every tenant, and its own
users get a clear Italian error while the failure is logged (:mod:`core.line_hooks`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pydantic
import pytest
from sqlalchemy import func, select
from structlog.testing import capture_logs

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.domain.quotes.create import create_quote
from core.extensions import ProductLine
from core.hookspecs import hookimpl
from core.line_hooks import LineFailed
from core.plugins import PER_LINE_HOOKS, PluginError, registered
from core.runtime import Runtime
from core.testing import CallFailed, Live, reload
from plugins.noleggio_auto.models import RentalCar
from tests.realtime.quote_records import open_quote, pick_quote

BROKEN = "prestiti"
"""The line the broken plugin takes over (registered last, it owns the line)."""
USR_DATA = [
    {"_id": "nome", "value": "Mario Rossi"},
    {"_id": "cf", "value": "RSSMRA80A01H501U"},
    {"_id": "uso", "value": "Privato"},
]
LINE_DOWN = "«Prestiti» non è al momento disponibile per un errore interno: riprova più tardi"


class Extras(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    importo: int


class BrokenLine:
    """A line whose plugin has no guard and a bug in each per-line hook: called for another
    line's records it would refuse them all ('Dati non validi')."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str | None]] = []

    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine(BROKEN, "Prestiti", "cash-banknote")]

    @hookimpl
    def prepare_quote(self, product: m.Product, payload: Mapping[str, Any]) -> None:
        self.heard.append(("prepare_quote", product.line))
        Extras.model_validate(payload)  # raises on every payload: pId is not an extra

    @hookimpl
    def emission_request(self, quote: m.Quote) -> None:
        self.heard.append(("emission_request", quote.type))
        raise RuntimeError("bug nella linea")

    @hookimpl
    def quote_commissions(self, quote: m.Quote) -> list[Any]:
        self.heard.append(("quote_commissions", quote.type))
        raise ZeroDivisionError


async def _users(runtime: Runtime, tenant: str) -> dict[str, m.User]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            rows = await session.execute(select(m.User).where(m.User.email.like("%@demo.it")))
            return {user.email.split("@")[0]: user for user in rows.scalars()}


async def _payloads(runtime: Runtime, tenant: str) -> dict[str | None, dict[str, Any]]:
    """A valid ``createQuote`` payload for each working line the tenant has a product of."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            products = (await session.execute(select(m.Product))).scalars().all()
            car = (await session.execute(select(RentalCar.id).limit(1))).scalar_one_or_none()
    payloads: dict[str | None, dict[str, Any]] = {}
    for product in products:
        if product.name == "RC Auto":
            payloads[None] = {"pId": product.id, "usrData": USR_DATA}
        elif product.line == "noleggio-auto" and car is not None:
            payloads[product.line] = {"pId": product.id, "usrData": USR_DATA[:2], "carId": car}
    return payloads


async def _create(runtime: Runtime, tenant: str, payload: dict[str, Any]) -> m.Quote:
    users = await _users(runtime, tenant)
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            body = {**payload, "aId": users["agente"].id}
            quote = await create_quote(session, principal_of(users["admin"]), runtime, body)
            await session.refresh(quote)
            return quote


async def _count(runtime: Runtime, tenant: str) -> int:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Quote.id)))).scalar_one())


async def test_a_broken_line_leaves_every_other_lines_quotes_working(live: Live) -> None:
    runtime, broken = live.runtime, BrokenLine()
    created: set[tuple[str, str | None]] = set()
    with registered(runtime.pm, broken, name="test-broken-line"):
        for tenant in runtime.tenants:
            for line, payload in (await _payloads(runtime, tenant.id)).items():
                quote = await _create(runtime, tenant.id, payload)
                assert quote.type == line
                created.add((tenant.id, line))
    assert created == {
        (tenant.id, line) for tenant in runtime.tenants for line in (None, "noleggio-auto")
    }
    assert broken.heard == []


async def test_the_broken_lines_own_users_get_a_clear_error_and_it_is_logged(
    live: Live,
) -> None:
    runtime, broken = live.runtime, BrokenLine()
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Product.id).where(m.Product.line == BROKEN))
            loan = found.scalar_one()
    agent = (await _users(runtime, "assicurapp"))["agente"].id
    before = await _count(runtime, "assicurapp")
    admin = await live.logged_in("assicurapp", "admin")
    with (
        registered(runtime.pm, broken, name="test-broken-line"),
        capture_logs() as logs,
        pytest.raises(CallFailed, match=LINE_DOWN) as failed,
    ):
        await admin.invoke("createQuote", {"pId": loan, "usrData": USR_DATA[:2], "aId": agent})
    assert failed.value.name == "LineUnavailable"
    assert broken.heard == [("prepare_quote", BROKEN)]
    assert await _count(runtime, "assicurapp") == before
    logged = [e for e in logs if e["event"] == "line.hook_failed"]
    assert [(e["line"], e["hook"]) for e in logged] == [(BROKEN, "prepare_quote")]


async def test_a_broken_line_leaves_other_emissions_and_refuses_its_own(live: Live) -> None:
    runtime, broken = live.runtime, BrokenLine()
    plain = await pick_quote(runtime, "assicurapp", "agente", open_quote("Preventivato"))
    agent = await live.logged_in("assicurapp", "agente")
    with registered(runtime.pm, broken, name="test-broken-line"):
        answer = await agent.invoke("richiediEmissione", {"pId": plain.id})
        assert answer["status"] == "Emissione richiesta"
        assert broken.heard == []
    with tenant_scope("assicurapp"):  # the quote becomes the line's (its own plugin answers)
        async with runtime.db.session() as session:
            stored = await session.get(m.Quote, plain.id)
            assert stored is not None
            stored.type, stored.emission_requested_at = BROKEN, None
            stored.status = "Preventivato"
    with (
        registered(runtime.pm, broken, name="test-broken-line"),
        pytest.raises(CallFailed, match=LINE_DOWN),
    ):
        await agent.invoke("richiediEmissione", {"pId": plain.id})
    assert broken.heard == [("emission_request", BROKEN)]
    assert (await reload(runtime, "assicurapp", plain.id)).emission_requested_at is None


async def _toggle_archived(runtime: Runtime, quote_id: str) -> None:
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.archived = not quote.archived


async def test_a_broken_lines_commissions_refuse_its_own_changes_and_leave_others(
    live: Live,
) -> None:
    runtime, broken = live.runtime, BrokenLine()
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            stmt = select(m.Quote).where(m.Quote.type.in_((BROKEN, "noleggio-auto")))
            found = (await session.execute(stmt)).scalars().all()
            quotes = {q.type: q.id for q in found}
            states = {q.type: q.archived for q in found}
    archived = (states["noleggio-auto"], states[BROKEN])
    with registered(runtime.pm, broken, name="test-broken-line"):
        await _toggle_archived(runtime, quotes["noleggio-auto"])  # another line's: written
        assert broken.heard == []
        with pytest.raises(LineFailed, match=LINE_DOWN):
            await _toggle_archived(runtime, quotes[BROKEN])  # its own: refused, nothing kept
    assert broken.heard == [("quote_commissions", BROKEN)]
    assert (await reload(runtime, "assicurapp", quotes["noleggio-auto"])).archived != archived[0]
    assert (await reload(runtime, "assicurapp", quotes[BROKEN])).archived == archived[1]


class Unowned:
    """Implements a per-line hook without declaring a line: it would never be called."""

    @hookimpl
    def prepare_quote(self) -> None:
        return None


def test_a_per_line_hook_needs_a_declared_line(runtime: Runtime) -> None:
    assert "prepare_quote" in PER_LINE_HOOKS
    unowned = registered(runtime.pm, Unowned(), name="test-unowned")
    with pytest.raises(PluginError, match="implementa prepare_quote ma non dichiara"), unowned:
        pass


def test_line_failed_is_a_server_error_of_its_own() -> None:
    assert (LineFailed.status_code, LineFailed.name) == (503, "LineUnavailable")
