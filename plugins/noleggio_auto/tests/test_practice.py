"""A rental practice over the socket: created from the catalogue, quoted by admins, sent to
emission by its agent within the company's consultancy bounds; and who may do what."""

from __future__ import annotations

from typing import Any

import pytest

from core.api import models as m
from core.testing import CallFailed, Live, reload, update_quote, user_ids
from plugins.noleggio_auto.models import RentalCar
from plugins.noleggio_auto.tests.records import (
    CUSTOMER,
    car_named,
    load,
    rental_product,
    rentals,
)

TENANT = "assicurapp"


async def _new_rental(live: Live, who: str = "agente", **extras: Any) -> dict[str, Any]:
    product = await rental_product(live.runtime, TENANT)
    car = await car_named(live.runtime, TENANT, "Fiat 500 Hybrid")
    client = await live.logged_in(TENANT, who)
    payload = {"pId": product.id, "usrData": CUSTOMER, "carId": car.id, **extras}
    answer: dict[str, Any] = await client.invoke("createQuote", payload)
    return answer


async def test_an_agent_quotes_a_catalogue_car_and_the_admin_sees_it_live(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("preventivi")
    answer = await _new_rental(live)

    quote = await reload(live.runtime, TENANT, str(answer["_id"]))
    car = await car_named(live.runtime, TENANT, "Fiat 500 Hybrid")
    assert (quote.type, quote.status) == ("noleggio-auto", "In attesa di quotazione")
    assert quote.car == {
        "carId": car.id,
        "car_fullname": "Fiat 500 Hybrid",
        "img_file": "/plugins/noleggio_auto/cars/city.svg",
        "company": "Leasys",
    }
    assert quote.price == {"durata": 36, "km_annuali": 15000, "canone": 289.0, "anticipo": 2500.0}
    event = await admin.published("preventivi")
    assert (event["operationType"], event["p"]["_id"]) == ("insert", quote.id)
    assert event["p"]["car"]["car_fullname"] == "Fiat 500 Hybrid"


async def test_other_terms_leave_the_fee_to_be_quoted(live: Live) -> None:
    answer = await _new_rental(live, durata=48, km_annuali=30000, anticipo=0)
    quote = await reload(live.runtime, TENANT, str(answer["_id"]))
    assert quote.price == {"durata": 48, "km_annuali": 30000, "canone": None, "anticipo": 0.0}


@pytest.mark.parametrize(
    ("extras", "message"),
    [
        ({"usrData": [CUSTOMER[0], {"_id": "cf", "value": "RSSMRA80A01H501X"}]},
         "Codice fiscale errato"),
        ({"carId": "0" * 24}, "Auto non disponibile a catalogo"),
        ({"durata": "36"}, "Dati del noleggio non validi"),
        ({"durata": 0}, "Dati del noleggio non validi"),
        ({"anticipo": -1}, "Dati del noleggio non validi"),
        ({"anticipo": 10.005}, "Dati del noleggio non validi"),
        ({"colore": "rosso"}, "Dati del noleggio non validi: Campo non previsto (colore)"),
    ],
)  # fmt: skip
async def test_bad_rentals_are_refused_and_nothing_is_written(
    live: Live, extras: dict[str, Any], message: str
) -> None:
    before = len(await rentals(live.runtime, TENANT))
    with pytest.raises(CallFailed, match=message.replace("(", r"\(").replace(")", r"\)")):
        await _new_rental(live, **extras)
    assert len(await rentals(live.runtime, TENANT)) == before


async def test_a_retired_car_cannot_be_quoted(live: Live) -> None:
    car = await car_named(live.runtime, TENANT, "Fiat 500 Hybrid")
    admin = await live.logged_in(TENANT, "admin")
    listed = (await admin.invoke("noleggioAuto.auto"))["cars"]
    mine = next(c for c in listed if c["_id"] == car.id)
    await admin.invoke("noleggioAuto.salvaAuto", {**mine, "active": False})
    with pytest.raises(CallFailed, match="Auto non disponibile a catalogo"):
        await _new_rental(live)


async def test_managers_quote_for_an_agent_and_employees_cannot(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    answer = await _new_rental(live, "responsabile", aId=ids["subagente"])
    quote = await reload(live.runtime, TENANT, str(answer["_id"]))
    assert (quote.agent_id, quote.parent_agent_id) == (ids["subagente"], ids["agente"])
    with pytest.raises(CallFailed, match="Il tuo ruolo non può creare preventivi"):
        await _new_rental(live, "dipendente")
    with pytest.raises(CallFailed, match="Puoi creare preventivi solo per te stesso"):
        await _new_rental(live, "subagente", aId=ids["agente"])


# --- quotation ----------------------------------------------------------------------------

PRICE = {"durata": 48, "km_annuali": 30000, "canone": 312.5, "anticipo": 1000}


async def test_admins_quote_the_fee_and_agents_cannot(live: Live) -> None:
    quote_id = str((await _new_rental(live, durata=48, km_annuali=30000))["_id"])
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Operazione non consentita per il tuo ruolo"):
        await agent.invoke("noleggioAuto.quotazione", {"pId": quote_id, "price": PRICE})
    admin = await live.logged_in(TENANT, "admin")
    answer = await admin.invoke("noleggioAuto.quotazione", {"pId": quote_id, "price": PRICE})
    assert answer == {"price": {**PRICE, "anticipo": 1000.0}}
    assert (await reload(live.runtime, TENANT, quote_id)).price["canone"] == 312.5
    for bad in ({**PRICE, "canone": -1}, {**PRICE, "canone": "312"}, {"canone": 300}):
        with pytest.raises(CallFailed, match="Quotazione non valida"):
            await admin.invoke("noleggioAuto.quotazione", {"pId": quote_id, "price": bad})
    assert (await reload(live.runtime, TENANT, quote_id)).price["canone"] == 312.5


async def test_a_quotation_needs_a_rental_of_this_tenant(live: Live) -> None:
    other = (await rentals(live.runtime, "rcadealer"))[0]
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await admin.invoke("noleggioAuto.quotazione", {"pId": other.id, "price": PRICE})
    assert (await load(live.runtime, "rcadealer", m.Quote, other.id)).price != PRICE


# --- emission -----------------------------------------------------------------------------


async def test_emission_needs_a_fee_and_a_consultancy_within_bounds(live: Live) -> None:
    unquoted = str((await _new_rental(live, durata=48))["_id"])
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Il preventivo non è ancora quotato: manca il canone"):
        await agent.invoke("richiediEmissione", {"pId": unquoted, "quote": 3, "undo": False})

    quoted = str((await _new_rental(live))["_id"])  # Leasys: qMin 1, qMax 5
    for outside in (0.5, 5.5):
        with pytest.raises(
            CallFailed, match=r"Consulenza fuori dai limiti della compagnia \(1% – 5%\)"
        ):
            await agent.invoke(
                "richiediEmissione", {"pId": quoted, "quote": outside, "undo": False}
            )
    stored = await reload(live.runtime, TENANT, quoted)
    assert (stored.emission_requested_at, stored.quote) == (None, {})

    answer = await agent.invoke("richiediEmissione", {"pId": quoted, "quote": 4.5, "undo": False})
    assert answer["status"] == "Emissione richiesta"
    assert (await reload(live.runtime, TENANT, quoted)).quote["qFattura"] == 4.5
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match="Emissione già richiesta"):
        await admin.invoke("noleggioAuto.quotazione", {"pId": quoted, "price": PRICE})

    await agent.invoke("richiediEmissione", {"pId": quoted, "undo": True})
    stored = await reload(live.runtime, TENANT, quoted)
    assert (stored.status, stored.emission_requested_at) == ("In attesa di quotazione", None)


async def test_without_a_value_the_midpoint_is_asked(live: Live) -> None:
    quoted = str((await _new_rental(live))["_id"])
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quoted, "undo": False})
    assert (await reload(live.runtime, TENANT, quoted)).quote["qFattura"] == 3.0


async def test_an_agent_works_only_rentals_of_its_tree(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    quote_id = str((await _new_rental(live))["_id"])
    sub = await live.logged_in(TENANT, "subagente")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await sub.invoke("richiediEmissione", {"pId": quote_id, "undo": False})
    foreign = (await rentals(live.runtime, "rcadealer"))[0]
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await agent.invoke("richiediEmissione", {"pId": foreign.id, "undo": False})
    await update_quote(live.runtime, TENANT, quote_id, agent_id=ids["subagente"])
    assert (await sub.invoke("richiediEmissione", {"pId": quote_id, "undo": False}))["status"]


# --- catalogue ----------------------------------------------------------------------------

NEW_CAR: dict[str, Any] = {
    "car_fullname": "Renault Clio E-Tech",
    "brand": "Renault",
    "model": "Clio",
    "img_file": "/plugins/noleggio_auto/cars/compact.svg",
    "company": "Arval",
    "price": {"durata": 36, "km_annuali": 20000, "canone": 299.9, "anticipo": 2000},
}


async def test_admins_keep_the_catalogue_and_agents_see_it_live(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe("noleggio-auto/auto")
    before = (await agent.invoke("noleggioAuto.auto"))["cars"]
    assert len(before) == 5
    assert all(car["active"] for car in before)

    admin = await live.logged_in(TENANT, "admin")
    created = await admin.invoke("noleggioAuto.salvaAuto", NEW_CAR)
    event = await agent.published("noleggio-auto/auto")
    assert event["operationType"] == "insert"
    assert event["p"] == {"_id": created["_id"], **NEW_CAR, "active": True,
                          "price": {**NEW_CAR["price"], "anticipo": 2000.0}}  # fmt: skip
    stored = await load(live.runtime, TENANT, RentalCar, created["_id"])
    assert str(stored.monthly_fee) == "299.90"

    await admin.invoke(
        "noleggioAuto.salvaAuto", {**NEW_CAR, "_id": created["_id"], "active": False}
    )
    # retired, it leaves the agents' synced catalogue as it leaves their list
    retired = await agent.published("noleggio-auto/auto")
    assert retired == {"operationType": "delete", "p": {"_id": created["_id"]}}
    listed = {c["_id"] for c in (await agent.invoke("noleggioAuto.auto"))["cars"]}
    assert created["_id"] not in listed  # it leaves the agents' list
    assert created["_id"] in {c["_id"] for c in (await admin.invoke("noleggioAuto.auto"))["cars"]}


@pytest.mark.parametrize(
    ("car", "message"),
    [
        ({**NEW_CAR, "company": "Ignota"}, "Compagnia non prevista dal prodotto di noleggio"),
        ({**NEW_CAR, "img_file": "javascript:alert(1)"}, "Dati dell'auto non validi"),
        ({**NEW_CAR, "car_fullname": ""}, "Dati dell'auto non validi"),
        ({**NEW_CAR, "price": {**NEW_CAR["price"], "canone": True}}, "Dati dell'auto non validi"),
        ({**NEW_CAR, "_id": "0" * 24}, "Auto non trovata"),
    ],
)  # fmt: skip
async def test_bad_cars_are_refused(live: Live, car: dict[str, object], message: str) -> None:
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match=message):
        await admin.invoke("noleggioAuto.salvaAuto", car)
    assert len((await admin.invoke("noleggioAuto.auto"))["cars"]) == 5


@pytest.mark.parametrize("who", ["agente", "subagente", "segnalatore"])
async def test_only_managers_change_the_catalogue(live: Live, who: str) -> None:
    client = await live.logged_in(TENANT, who)
    with pytest.raises(CallFailed, match="Operazione non consentita per il tuo ruolo"):
        await client.invoke("noleggioAuto.salvaAuto", NEW_CAR)


async def test_the_line_needs_the_users_extra_product(live: Live) -> None:
    from core.testing import add_user

    await add_user(live.runtime, TENANT, "senzanoleggio", {"a": {"type": "agente"}}, [])
    client = await live.logged_in(TENANT, "senzanoleggio")
    with pytest.raises(CallFailed, match="Prodotto non abilitato per il tuo utente"):
        await client.invoke("noleggioAuto.auto")
    with pytest.raises(CallFailed, match="Non puoi iscriverti al canale noleggio-auto/auto"):
        await client.subscribe("noleggio-auto/auto")
