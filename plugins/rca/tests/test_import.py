"""A dealer's plates from a CSV file: the dry run names each bad row (its number counting the
header as row 1, and why) and imports nothing; a real import of a file with any bad row is
refused whole with the same list; a clean file is imported in one go."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import CallFailed, ClientFactory, Live, Runtime, login, user_id
from plugins.rca.tests.records import DEMO_PLATES, ROUTE, client_row, error, listed

TENANT = "rcadealer"
IMPORT = f"{ROUTE}import"
HEADER = "targa;tipo;marca;modello;immatricolazione;cliente;cf"
CLEAN = "\n".join(
    [
        HEADER,
        "BC234DE;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501U",
        "bc23456;Motociclo;Honda;SH 125;14/03/2019;Luigi Verdi;VRDLGU75B12F205B",
        "",  # a blank line is skipped, and counted as a row of the sheet
        "X3C5DF;ciclomotore;Piaggio;;2021-07-01;L. Bianchi;BNCLCU80A01H501Q",
    ]
)
NEW_PLATES = ["BC23456", "BC234DE", "X3C5DF"]


async def _import(client: Any, headers: dict[str, str], csv: str, dry: bool, **extra: Any) -> Any:
    return await client.post(IMPORT, json={"csv": csv, "dryRun": dry, **extra}, headers=headers)


async def test_a_clean_file_checked_then_imported(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    checked = await _import(client, agent, "\ufeff" + CLEAN, dry=True)
    assert checked.status_code == 200, checked.text
    assert checked.json() == {"righe": 3, "errori": [], "importate": 0}
    assert await listed(client, agent) == list(DEMO_PLATES)  # the dry run wrote nothing

    done = await _import(client, agent, CLEAN, dry=False)
    assert done.status_code == 200, done.text
    assert done.json() == {"righe": 3, "errori": [], "importate": 3}
    assert await listed(client, agent) == sorted([*DEMO_PLATES, *NEW_PLATES])
    rows = {
        p["targa"]: p
        for p in (await client.get(ROUTE, params={"q": "x3c"}, headers=agent)).json()["targhe"]
    }
    moped = rows["X3C5DF"]
    assert (moped["tipo"], moped["marca"], moped["modello"]) == ("ciclomotore", "Piaggio", "")
    assert moped["immatricolazione"] == {"isNew": False, "date": "2021-07-01"}
    assert moped["cliente"] == "Luca Bianchi"  # the tree's client with that code, its name kept
    assert await listed(client, agent, "luigi verdi") == ["BC23456"]
    moto = (await client.get(ROUTE, params={"q": "BC23456"}, headers=agent)).json()["targhe"][0]
    assert moto["immatricolazione"] == {"isNew": False, "date": "2019-03-14"}
    owner = await client_row(seeded, TENANT, moto["clientId"])
    assert owner.owner_agent_id == await user_id(seeded, TENANT, "agente")


async def test_commas_and_columns_in_any_order(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    csv = (
        "CF, Cliente, Targa, Tipo, Marca, Modello, Immatricolazione\n"
        'RSSMRA80A01H501U,"Rossi, Mario",BC234DE,autovettura,Fiat,"500, Hybrid",nuova\n'
    )
    done = await _import(client, agent, csv, dry=False)
    assert done.json() == {"righe": 1, "errori": [], "importate": 1}, done.text
    plate = (await client.get(ROUTE, params={"q": "BC2"}, headers=agent)).json()["targhe"][0]
    assert (plate["cliente"], plate["modello"]) == ("Rossi, Mario", "500, Hybrid")


BAD = "\n".join(
    [
        HEADER,
        "BC234DE;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501U",  # 2: fine
        "BC2345;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501U",  # 3
        "BD234DE;camion;Iveco;Daily;nuova;Mario Rossi;RSSMRA80A01H501U",  # 4
        "BF234DE;autovettura;Fiat;Panda;31/02/2020;Mario Rossi;RSSMRA80A01H501U",  # 5
        "BG234DE;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501X",  # 6
        "BH234DE;autovettura;;Panda;nuova;Mario Rossi;RSSMRA80A01H501U",  # 7
        "BJ234DE;autovettura;Fiat",  # 8
        "bc-234-de;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501U",  # 9
        "AB123CD;autovettura;Fiat;Panda;nuova;Luca Bianchi;BNCLCU80A01H501Q",  # 10
        "",  # 11
        "X1234;ciclomotore;Piaggio;Ciao;1990-01-01;Mario Rossi;RSSMRA80A01H501U",  # 12
        "BK234DE;autovettura;Fiat;Panda;2020-01-01;;RSSMRA80A01H501U",  # 13
    ]
)
PROBLEMS = [
    (3, "BC2345", "Targa non valida per un'autovettura: il formato è AA000AA"),
    (4, "BD234DE", "Tipo di veicolo non valido"),
    (5, "BF234DE", "Data di immatricolazione non valida"),
    (6, "BG234DE", "Codice fiscale errato"),
    (7, "BH234DE", "Campo obbligatorio: marca"),
    (8, "BJ234DE", "Numero di colonne errato: 3 invece di 7"),
    (9, "BC234DE", "Targa ripetuta nel file: già alla riga 2"),
    (10, "AB123CD", "Targa già presente: AB123CD"),
    (12, "X1234", "Targa non valida per un ciclomotore: il contrassegno a cinque caratteri"),
    (13, "BK234DE", "Campo obbligatorio: cliente"),
]


def _assert_problems(found: list[dict[str, Any]]) -> None:
    assert [(p["riga"], p["targa"]) for p in found] == [(r, t) for r, t, _ in PROBLEMS]
    for problem, (_, _, message) in zip(found, PROBLEMS, strict=True):
        assert problem["messaggio"].startswith(message), problem


async def test_the_dry_run_names_each_bad_row(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    checked = await _import(client, agent, BAD, dry=True)
    assert checked.status_code == 200, checked.text
    body = checked.json()
    assert (body["righe"], body["importate"]) == (11, 0)
    _assert_problems(body["errori"])


async def test_a_file_with_a_bad_row_imports_nothing(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    refused = await _import(client, agent, BAD, dry=False)
    assert refused.status_code == 400, refused.text
    assert error(refused) == "Importazione annullata: 10 righe con errori, nessuna targa importata"
    _assert_problems(refused.json()["error"]["errori"])
    one_bad = CLEAN + "\nBC2345;autovettura;Fiat;Panda;nuova;Mario Rossi;RSSMRA80A01H501U"
    refused = await _import(client, agent, one_bad, dry=False)
    assert error(refused) == "Importazione annullata: 1 riga con errori, nessuna targa importata"
    assert refused.json()["error"]["errori"][0]["riga"] == 6
    assert await listed(client, agent) == list(DEMO_PLATES)
    assert await listed(client, agent, "rossi") == []  # no owner made either


async def test_a_retired_plate_in_the_file_comes_back(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    demo = (await client.get(ROUTE, params={"q": "AB123CD"}, headers=agent)).json()["targhe"][0]
    assert (await client.delete(f"{ROUTE}{demo['_id']}", headers=agent)).status_code == 204
    csv = f"{HEADER}\nAB123CD;autovettura;Lancia;Ypsilon;nuova;Mario Rossi;RSSMRA80A01H501U"
    assert (await _import(client, agent, csv, dry=False)).json()["importate"] == 1
    back = (await client.get(ROUTE, params={"q": "AB123CD"}, headers=agent)).json()["targhe"][0]
    assert (back["_id"], back["marca"], back["cliente"]) == (demo["_id"], "Lancia", "Mario Rossi")
    assert await listed(client, agent, "bianchi") == ["X2B4CD"]


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        ("", "Il file è vuoto"),
        ("\n\n", "Il file è vuoto"),
        ("targa;tipo;marca\nBC234DE;autovettura;Fiat", "Intestazione non valida"),
        (HEADER + ";colore", "Intestazione non valida"),
        (HEADER.replace("cf", "targa"), "Intestazione non valida"),
        (HEADER + "\n" + "x;x;x;x;x;x;x\n" * 20_001, "Troppe righe: al massimo 20.000"),
        (HEADER + "\n" + "x" * (1024 * 1024), "File troppo grande: al massimo 1 MB"),
        (HEADER + "\n" + "à" * (600 * 1024), "File troppo grande: al massimo 1 MB"),
        (HEADER + '\n"' + "a" * 200_000 + '"', "File CSV non leggibile alla riga 2"),
        (HEADER + "\nBC234DE\x00", "carattere nullo"),
    ],
)
async def test_a_file_that_cannot_be_read_is_refused_whole(
    seeded: Runtime, clients: ClientFactory, csv: str, message: str
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    for dry in (True, False):
        response = await _import(client, agent, csv, dry=dry)
        assert response.status_code == 400, response.text
        assert message in error(response)


@pytest.mark.parametrize(
    "body",
    [{}, {"csv": 5}, {"csv": HEADER, "dryRun": "no"}, {"csv": HEADER, "extra": 1}, [HEADER], None],
)
async def test_a_bad_body_is_refused(seeded: Runtime, clients: ClientFactory, body: Any) -> None:
    client = clients(TENANT)
    response = await client.post(IMPORT, json=body, headers=await login(client, "agente"))
    assert response.status_code == 400, response.text
    assert "non valid" in error(response)


async def test_who_imports(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    for role in ("segnalatore", "dipendente"):
        response = await _import(client, await login(client, role), CLEAN, dry=True)
        assert response.status_code == 403, role
    admin = await login(client, "admin")
    refused = await _import(client, admin, CLEAN, dry=True)
    assert error(refused) == "Indica il collaboratore (aId) a cui registrare la targa"
    sub = await user_id(seeded, TENANT, "subagente")
    done = await _import(client, admin, CLEAN, dry=False, aId=sub)
    assert done.json()["importate"] == 3
    subs = await listed(client, await login(client, "subagente"))
    assert subs == sorted(["LM012NP", *NEW_PLATES])


async def test_the_socket_call_imports_alike(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    checked = await agent.invoke("rca.targhe.importa", {"csv": BAD, "dryRun": True})
    _assert_problems(checked["errori"])
    with pytest.raises(CallFailed) as refused:
        await agent.invoke("rca.targhe.importa", {"csv": BAD, "dryRun": False})
    _assert_problems(refused.value.error["errori"])
    done = await agent.invoke("rca.targhe.importa", {"csv": CLEAN, "dryRun": False})
    assert done == {"righe": 3, "errori": [], "importate": 3}
