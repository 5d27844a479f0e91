"""Whatever a client sends, the register answers a 4xx with an Italian message naming what
is wrong, and writes nothing: wrong types, unknown keys, huge strings, impossible dates,
owners given twice or not at all, bodies that are not objects."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import ClientFactory, Runtime, login
from plugins.rca.tests.records import DEMO_PLATES, ROSSI, ROUTE, error, listed, new_plate

TENANT = "rcadealer"
HUGE = "A" * 100_000


def _with(**changes: Any) -> dict[str, Any]:
    return {**new_plate(), **changes}


BAD_BODIES: list[tuple[str, Any, str]] = [
    ("no object", [new_plate()], "Dati della targa non validi"),
    ("null", None, "non validi"),
    ("a number plate", _with(targa=1234567), "Dati della targa non validi: Deve essere un testo"),
    ("no plate", {k: v for k, v in new_plate().items() if k != "targa"}, "Campo obbligatorio"),
    ("empty plate", _with(targa=" - "), "Targa mancante"),
    ("odd characters", _with(targa="AB123C€"), "Targa non valida: sono ammesse solo lettere"),
    ("huge plate", _with(targa=HUGE), "Deve avere al massimo 32 caratteri (targa)"),
    ("unknown kind", _with(tipo="camion"), "Tipo di veicolo non valido"),
    ("kind as a number", _with(tipo=3), "Dati della targa non validi"),
    ("unknown key", _with(colore="rosso"), "Campo non previsto (colore)"),
    ("agev as text", _with(targaAgev="sì"), "Deve essere vero o falso (targaAgev)"),
    ("agev as 1", _with(targaAgev=1), "Deve essere vero o falso (targaAgev)"),
    ("no make", _with(marca="  "), "Campo obbligatorio: marca"),
    ("huge make", _with(marca=HUGE), "Deve avere al massimo 80 caratteri (marca)"),
    ("control characters", _with(modello="500\x07"), "Il testo contiene caratteri non ammessi"),
    ("a nul character", _with(modello="500\x00"), "il testo contiene un carattere nullo"),
    ("huge bersani", _with(tipoBersani="x" * 21), "Deve avere al massimo 20 caratteri"),
    ("registration as text", _with(immatricolazione="2020-01-01"), "(immatricolazione)"),
    ("not new, no date", _with(immatricolazione={"isNew": False}), "Data di immatricolazione"),
    ("30 February", _with(immatricolazione={"isNew": False, "date": "2021-02-30"}),
     "Data di immatricolazione non valida"),
    ("in the future", _with(immatricolazione={"isNew": False, "date": "2999-01-01"}),
     "Data di immatricolazione non valida"),
    ("before 1900", _with(immatricolazione={"isNew": False, "date": "1899-12-31"}),
     "Data di immatricolazione non valida"),
    ("a date of another shape", _with(immatricolazione={"isNew": False, "date": "04/05/2020"}),
     "Data di immatricolazione non valida"),
    ("isNew as text", _with(immatricolazione={"isNew": "true"}), "Deve essere vero o falso"),
    ("owner twice", _with(cliente={"clientId": "x", **ROSSI}), "indica clientId oppure nome e cf"),
    ("owner without code", _with(cliente={"nome": "Mario Rossi"}), "indica clientId oppure"),
    ("owner empty", _with(cliente={}), "indica clientId oppure nome e cf"),
    ("owner as text", _with(cliente="Mario Rossi"), "(cliente)"),
    ("blank name", _with(cliente={"nome": " ", "cf": ROSSI["cf"]}), "Campo obbligatorio: nome"),
    ("wrong code", _with(cliente={"nome": "Mario", "cf": "RSSMRA80A01H501X"}),
     "Codice fiscale errato"),
    ("wrong VAT number", _with(cliente={"nome": "Srl", "cf": "01234567890"}), "Partita IVA errata"),
    ("huge code", _with(cliente={"nome": "Mario", "cf": HUGE}), "Deve avere al massimo 32"),
    ("huge client id", _with(cliente={"clientId": HUGE}), "Deve avere al massimo 32"),
    ("aId as a number", _with(aId=7), "Deve essere un testo (aId)"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), [(b, m) for _, b, m in BAD_BODIES],
                         ids=[name for name, _, _ in BAD_BODIES])  # fmt: skip
async def test_a_bad_new_plate_is_a_400(
    seeded: Runtime, clients: ClientFactory, body: Any, message: str
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    response = await client.post(ROUTE, json=body, headers=agent)
    assert response.status_code == 400, response.text
    assert message in error(response)
    assert await listed(client, agent) == list(DEMO_PLATES)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"targa": None}, "Valore mancante: targa"),
        ({"cliente": None}, "Valore mancante: cliente"),
        ({"marca": ""}, "Campo obbligatorio: marca"),
        ({"tipo": "bici"}, "Tipo di veicolo non valido"),
        ({"_id": "altro"}, "Campo non previsto (_id)"),
        ({"immatricolazione": {"isNew": False, "date": "2020-13-01"}}, "Data di immatricolazione"),
        ({"cliente": {"clientId": 5}}, "Deve essere un testo"),
        ([], "Dati della targa non validi"),
    ],
)
async def test_a_bad_change_is_a_400(
    seeded: Runtime, clients: ClientFactory, body: Any, message: str
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    plate = (await client.get(ROUTE, params={"q": "AB123CD"}, headers=agent)).json()["targhe"][0]
    response = await client.patch(f"{ROUTE}{plate['_id']}", json=body, headers=agent)
    assert response.status_code == 400, response.text
    assert message in error(response)
    again = (await client.get(f"{ROUTE}{plate['_id']}", headers=agent)).json()
    assert {k: again[k] for k in plate} == plate


async def test_a_body_that_is_no_json_is_a_400(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    headers = {**await login(client, "agente"), "content-type": "application/json"}
    for path in (ROUTE, f"{ROUTE}import", f"{ROUTE}classe"):
        response = await client.post(path, content=b"{targa: 1", headers=headers)
        assert response.status_code == 400, response.text
