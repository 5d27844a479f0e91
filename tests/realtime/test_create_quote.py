"""``createQuote`` ('Nuova quotazione'): who may create for whom, checked customer data, the
line's ``prepare_quote`` hook, and the new quote reaching the preventivi channel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from sqlalchemy import func, select

from core.auth.service import principal_of
from core.context import tenant_scope
from core.db import models as m
from core.domain.quotes.create import create_quote
from core.domain.quotes.statuses import INITIAL as NEW_STATUS
from core.errors import ClientError
from core.extensions import ProductLine
from core.hookspecs import hookimpl
from core.runtime import Runtime
from core.testing import CallFailed, Live, PluginKit, user_ids

TENANT = "assicurapp"
CF = "RSSMRA80A01H501U"
USR_DATA = [
    {"_id": "nome", "value": "Mario Rossi"},
    {"_id": "cf", "value": CF},
    {"_id": "uso", "value": "Privato"},
]


async def _product(runtime: Runtime, name: str = "RC Auto", tenant: str = TENANT) -> str:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.Product.id).where(m.Product.name == name))
            return str(found.scalars().first())


async def _add_product(runtime: Runtime, tenant: str = TENANT, **columns: Any) -> str:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            product = m.Product(
                name=columns.pop("name", "Prodotto di prova"),
                fields=columns.pop("fields", [{"_id": "nome", "name": "Nome", "type": "text"}]),
                **columns,
            )
            session.add(product)
            await session.flush()
            return product.id


async def _quote(runtime: Runtime, quote_id: str) -> m.Quote | None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return await session.get(m.Quote, quote_id)


async def _count(runtime: Runtime) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Quote.id)))).scalar_one())


async def test_an_agent_creates_a_quote_for_themself(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    product = await _product(live.runtime)
    agent = await live.logged_in(TENANT, "agente")

    answer = await agent.invoke("createQuote", {"pId": product, "usrData": USR_DATA})

    quote = await _quote(live.runtime, answer["_id"])
    assert quote is not None
    assert (quote.type, quote.product_id, quote.status) == (None, product, NEW_STATUS)
    assert (quote.agent_id, quote.parent_agent_id) == (ids["agente"], None)
    assert [(e["_id"], e["name"], e["value"]) for e in quote.usr_data] == [
        ("nome", "Nome e cognome", "Mario Rossi"),
        ("cf", "Codice fiscale / Partita IVA", CF),
        ("uso", "Uso", "Privato"),
    ]


async def test_a_sub_agents_quote_belongs_to_its_parent_too(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    sub = await live.logged_in(TENANT, "subagente")
    answer = await sub.invoke(
        "createQuote", {"pId": await _product(live.runtime), "aId": ids["subagente"]}
    )
    quote = await _quote(live.runtime, answer["_id"])
    assert quote is not None
    assert (quote.agent_id, quote.parent_agent_id) == (ids["subagente"], ids["agente"])


async def test_a_wrong_codice_fiscale_writes_nothing(live: Live) -> None:
    before = await _count(live.runtime)
    agent = await live.logged_in(TENANT, "agente")
    usr_data = [{"_id": "nome", "value": "Mario"}, {"_id": "cf", "value": "RSSMRA80A01H501X"}]

    with pytest.raises(CallFailed, match="Codice fiscale errato") as failed:
        await agent.invoke(
            "createQuote", {"pId": await _product(live.runtime), "usrData": usr_data}
        )

    assert (failed.value.name, failed.value.message) == ("BadRequest", "Codice fiscale errato")
    assert await _count(live.runtime) == before


@pytest.mark.parametrize(
    ("who", "target", "message"),
    [
        ("agente", "subagente", "solo per te stesso"),
        ("subagente", "agente", "solo per te stesso"),
        ("admin", None, "Indica il collaboratore"),
        ("admin", "responsabile", "Collaboratore non trovato"),
        ("responsabile", "nessuno", "Collaboratore non trovato"),
        ("dipendente", "agente", "non può creare preventivi"),
        ("dipendente", None, "non può creare preventivi"),
        ("segnalatore", None, "non può creare preventivi"),
    ],
)
async def test_who_creates_for_whom(live: Live, who: str, target: str | None, message: str) -> None:
    ids = await user_ids(live.runtime, TENANT)
    before = await _count(live.runtime)
    client = await live.logged_in(TENANT, who)
    payload: dict[str, Any] = {"pId": await _product(live.runtime), "usrData": USR_DATA}
    if target is not None:
        payload["aId"] = ids.get(target, target)

    with pytest.raises(CallFailed, match=message):
        await client.invoke("createQuote", payload)
    assert await _count(live.runtime) == before


async def test_an_admin_creates_for_an_agent_and_the_agent_hears_of_it(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe("preventivi")
    admin = await live.logged_in(TENANT, "admin")

    answer = await admin.invoke(
        "createQuote",
        {"pId": await _product(live.runtime), "aId": ids["subagente"], "usrData": USR_DATA},
    )

    event = await agent.published("preventivi")
    assert (event["operationType"], event["p"]["_id"]) == ("insert", answer["_id"])
    assert (event["p"]["aId"], event["p"]["agId"]) == (ids["subagente"], ids["agente"])


async def test_the_new_quote_reaches_the_admins_channel(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("preventivi")
    agent = await live.logged_in(TENANT, "agente")

    answer = await agent.invoke(
        "createQuote", {"pId": await _product(live.runtime), "usrData": USR_DATA}
    )

    event = await admin.published("preventivi")
    assert event["operationType"] == "insert"
    assert event["p"]["_id"] == answer["_id"]
    assert event["p"]["status"] == NEW_STATUS
    assert [e["value"] for e in event["p"]["usrData"]][:2] == ["Mario Rossi", CF]


async def test_products_that_cannot_be_quoted(live: Live) -> None:
    runtime = live.runtime
    inactive = await _add_product(runtime, active=False)
    other_tenant = await _add_product(runtime, tenant="rcadealer")
    not_offered = await _add_product(runtime, line="rca")
    before = await _count(runtime)
    agent = await live.logged_in(TENANT, "agente")

    for product, message in (
        ("inesistente", "Prodotto non trovato"),
        (other_tenant, "Prodotto non trovato"),
        (inactive, "Prodotto non attivo"),
        (not_offered, "Prodotto non disponibile"),
    ):
        with pytest.raises(CallFailed, match=message):
            await agent.invoke("createQuote", {"pId": product})
    with pytest.raises(CallFailed, match="Dati non validi"):
        await agent.invoke("createQuote", ["non", "un", "oggetto"])
    with pytest.raises(CallFailed, match="Campi non previsti: colore"):
        await agent.invoke("createQuote", {"pId": await _product(runtime), "colore": "blu"})
    assert await _count(runtime) == before


async def test_a_required_field_must_be_given(live: Live) -> None:
    product = await _add_product(
        live.runtime, fields=[{"_id": "nome", "name": "Nome", "type": "text", "required": True}]
    )
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Campo obbligatorio: Nome"):
        await agent.invoke("createQuote", {"pId": product, "usrData": []})


# --- the prepare_quote hook and extra products, through the service ---------------------


class LoansPlugin:
    """Declares the ``prestiti`` line (registered last, it owns it) and claims ``prodotto``
    for its quotes; refuses a negative amount. No guard: it is called for its line only."""

    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine("prestiti", "Prestiti", "cash-banknote")]

    @hookimpl
    def prepare_quote(self, payload: Mapping[str, Any]) -> Mapping[str, Any]:
        amount = payload.get("importo")
        if not isinstance(amount, int) or amount <= 0:
            raise ClientError("Importo richiesto non valido")
        return {"prodotto": {"Importo_richiesto": amount}}


async def _create_as(runtime: Runtime, who: str, payload: dict[str, Any]) -> m.Quote:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            user = (
                await session.execute(select(m.User).where(m.User.email == f"{who}@demo.it"))
            ).scalar_one()
            quote = await create_quote(session, principal_of(user), runtime, payload)
            await session.refresh(quote)
            return quote


async def test_prepare_quote_fills_a_lines_columns(live: Live, plugin_kit: PluginKit) -> None:
    loan = await _add_product(live.runtime, line="prestiti", name="Prestito")
    with plugin_kit(LoansPlugin(), name="test-loans") as (runtime, _app):
        quote = await _create_as(runtime, "admin", {
            "pId": loan, "aId": (await user_ids(runtime, TENANT))["agente"], "importo": 5000,
        })  # fmt: skip
        assert (quote.type, quote.prodotto) == ("prestiti", {"Importo_richiesto": 5000})
        before = await _count(runtime)
        with pytest.raises(ClientError, match="Importo richiesto non valido"):
            await _create_as(runtime, "agente", {"pId": loan, "importo": -1})
        assert await _count(runtime) == before


async def test_without_a_plugin_extras_are_refused(live: Live) -> None:
    plain = await _add_product(live.runtime, line=None, name="Tutela casa")  # no line's hook
    with pytest.raises(ClientError, match="Campi non previsti: importo"):
        await _create_as(live.runtime, "agente", {"pId": plain, "importo": 5000})


async def test_an_extra_product_needs_the_users_permission(live: Live) -> None:
    """The demo agent has no loans among its extra products; enabling it lets it quote."""
    runtime = live.runtime
    loan = await _add_product(runtime, line="prestiti", name="Prestito")
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
            had = list(agent.extra_products)
            agent.extra_products = [p for p in had if p != "prestiti"]
    with pytest.raises(ClientError, match="Prodotto non abilitato per il tuo utente"):
        await _create_as(runtime, "agente", {"pId": loan})
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
            agent.extra_products = [*had, "prestiti"]
    asked = {"type": "prestito_personale", "Importo_richiesto": 5000, "Durata": 24}
    quote = await _create_as(runtime, "agente", {"pId": loan, **asked})
    assert quote.type == "prestiti"
