"""The class inherited from the household (legge Bersani, art. 134 c. 4-bis CAP) through the
CU class call (``POST /api/targhe/classe`` with ``bersani``, ``rca.classe``): worked examples
computed by hand, and every bad part refused with a 400 in Italian; and the plates the register
proposes as the household's (``POST /api/targhe/famiglia``, ``rca.targhe.famiglia``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.testing import CallFailed, ClientFactory, Live, Runtime, add_user, login
from plugins.rca.tests.records import BIANCHI_CF, ROUTE, add, error

CLASSE = f"{ROUTE}classe"
FAMIGLIA = f"{ROUTE}famiglia"
TENANT = "rcadealer"
RULE = "art. 134 c. 4-bis Codice delle Assicurazioni Private"
INVALID = "Classe ereditata (legge Bersani) non valida"


def _car(targa: str, classe: Any, **extra: Any) -> dict[str, Any]:
    return {"targa": targa, "tipo": "autovettura", "classe": classe, **extra}


def _clean_years(*claims: int, first: int = 2021) -> list[dict[str, Any]]:
    return [{"anno": first + i, "principali": n} for i, n in enumerate(claims)]


async def _classe(clients: ClientFactory, body: Any) -> Any:
    client = clients(TENANT)
    return await client.post(CLASSE, json=body, headers=await login(client, "agente"))


async def _answer(clients: ClientFactory, body: dict[str, Any]) -> dict[str, Any]:
    response = await _classe(clients, body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def test_a_new_car_takes_the_class_of_the_household_car(
    seeded: Runtime, clients: ClientFactory
) -> None:
    # a new contract: no certificate of its own, so class 14; the household's car is in
    # class 3, better than 14: the new car takes class 3
    answer = await _answer(clients, {
        "atr": [],
        "bersani": {"veicoli": [_car("ab 123-cd", 3)], "tipo": "autovettura"},
    })  # fmt: skip
    assert (answer["classe"], answer["classeAtr"]) == (3, 14)
    assert answer["passi"] == ["Ingresso: classe 14 (veicolo assicurato per la prima volta)"]
    assert answer["bersani"] == {
        "classe": 3,
        "motivo": f"classe 3 di AB123CD ({RULE})",
        "targa": "AB123CD",
        "passi": [
            f"Regola: {RULE} (L. 40/2007; esteso ai veicoli di ogni tipo dal D.L. 124/2019)",
            "AB123CD (autovettura, classe 3): del nucleo familiare, considerata",
            "Classe più favorevole del nucleo: 3 (AB123CD)",
            "Classe assegnata: 3",
        ],
    }


async def test_the_best_vehicle_of_any_kind_counts(seeded: Runtime, clients: ClientFactory) -> None:
    # a car in class 7 and a motorcycle in class 2: since D.L. 124/2019 the motorcycle counts
    answer = await _answer(clients, {
        "atr": [],
        "bersani": {
            "veicoli": [_car("EF456GH", 7), {"targa": "XY12345", "tipo": "motociclo", "classe": 2}],
            "tipo": "autovettura",
        },
    })  # fmt: skip
    assert (answer["classe"], answer["bersani"]["targa"]) == (2, "XY12345")
    assert (
        "XY12345 (motociclo, classe 2): del nucleo familiare, di tipologia diversa "
        "dall'autovettura, considerata" in answer["bersani"]["passi"]
    )


async def test_a_renewal_with_a_claim_two_years_ago_inherits_nothing(
    seeded: Runtime, clients: ClientFactory
) -> None:
    # from class 10: 2021 clean 9, 2022 clean 8, 2023 one claim 8+2 = 10, 2024 clean 9,
    # 2025 clean 8. The claim of 2023 is two years before the certificate's last: within
    # five years, so the renewal keeps its own class 8
    answer = await _answer(clients, {
        "atr": _clean_years(0, 0, 1, 0, 0),
        "classeIniziale": 10,
        "bersani": {"veicoli": [_car("AB123CD", 3)], "tipo": "autovettura", "rinnovo": True},
    })  # fmt: skip
    assert (answer["classe"], answer["classeAtr"]) == (8, 8)
    assert answer["passi"][3] == "2023: 1 sinistro con responsabilità principale → classe 10"
    bersani = answer["bersani"]
    assert (bersani["classe"], bersani["targa"]) == (None, None)
    assert bersani["motivo"] == (
        "al rinnovo servono cinque anni senza sinistri con responsabilità esclusiva, "
        "principale o paritaria; l'attestato ne riporta nel 2023"
    )
    assert bersani["passi"][-1] == f"Nessuna classe ereditata: {bersani['motivo']}"


async def test_a_clean_renewal_takes_the_better_household_class(
    seeded: Runtime, clients: ClientFactory
) -> None:
    # from class 10, five clean years: 9, 8, 7, 6, 5; the household's 3 is better
    answer = await _answer(clients, {
        "atr": _clean_years(0, 0, 0, 0, 0),
        "classeIniziale": 10,
        "bersani": {"veicoli": [_car("AB123CD", 3)], "tipo": "autovettura", "rinnovo": True},
    })  # fmt: skip
    assert (answer["classe"], answer["classeAtr"], answer["bersani"]["classe"]) == (3, 5, 3)
    assert (
        "Rinnovo: nessun sinistro negli ultimi cinque anni dell'attestato"
        in (answer["bersani"]["passi"])
    )
    # the household's 6 is not better than the vehicle's own 5
    worse = await _answer(clients, {
        "atr": _clean_years(0, 0, 0, 0, 0),
        "classeIniziale": 10,
        "bersani": {"veicoli": [_car("AB123CD", 6)], "tipo": "autovettura", "rinnovo": True},
    })  # fmt: skip
    assert (worse["classe"], worse["bersani"]["classe"]) == (5, None)
    assert (
        worse["bersani"]["motivo"]
        == "la classe 6 del nucleo non è migliore della classe 5 del veicolo"
    )


async def test_a_company_inherits_nothing(seeded: Runtime, clients: ClientFactory) -> None:
    answer = await _answer(clients, {
        "atr": [],
        "bersani": {"veicoli": [_car("AB123CD", 3)], "tipo": "autovettura", "personaFisica": False},
    })  # fmt: skip
    assert answer["classe"] == 14
    assert answer["bersani"]["classe"] is None
    assert answer["bersani"]["motivo"] == (
        "la classe del nucleo familiare spetta solo a una persona fisica"
    )


async def test_a_relative_living_elsewhere_is_left_out(
    seeded: Runtime, clients: ClientFactory
) -> None:
    # the cousin's class 1 does not count; the cohabiting mother's 7 does
    cousin = _car("GH789JK", 1, convivente=False)
    answer = await _answer(clients, {
        "atr": [],
        "bersani": {"veicoli": [cousin, _car("EF456GH", 7)], "tipo": "autovettura"},
    })  # fmt: skip
    assert (answer["classe"], answer["bersani"]["targa"]) == (7, "EF456GH")
    assert (
        "GH789JK (autovettura, classe 1): di una persona non convivente, esclusa"
        in answer["bersani"]["passi"]
    )
    alone = await _answer(clients, {
        "atr": [], "bersani": {"veicoli": [cousin], "tipo": "autovettura"},
    })  # fmt: skip
    assert (alone["classe"], alone["bersani"]["classe"]) == (14, None)
    assert alone["bersani"]["motivo"] == "nel nucleo familiare non c'è un veicolo già assicurato"


async def test_the_certificate_class_applies_when_it_is_better(
    seeded: Runtime, clients: ClientFactory
) -> None:
    # a new contract with a certificate: 14 and five clean years, 9; the household's 11 beats
    # the entry class 14, so the rule grants it, but the certificate's 9 is better and applies
    answer = await _answer(clients, {
        "atr": _clean_years(0, 0, 0, 0, 0),
        "bersani": {"veicoli": [_car("AB123CD", 11)], "tipo": "autovettura"},
    })  # fmt: skip
    assert (answer["classe"], answer["classeAtr"], answer["bersani"]["classe"]) == (9, 9, 11)


async def test_without_the_part_the_answer_is_the_certificate_class(
    seeded: Runtime, clients: ClientFactory
) -> None:
    bodies: list[dict[str, Any]] = [{"atr": []}, {"atr": [], "bersani": None}]
    for body in bodies:
        assert await _answer(clients, body) == {
            "classe": 14,
            "classeAtr": 14,
            "passi": ["Ingresso: classe 14 (veicolo assicurato per la prima volta)"],
        }


def _part(**over: Any) -> dict[str, Any]:
    return {"atr": [], "bersani": {"veicoli": [_car("AB123CD", 3)], "tipo": "autovettura", **over}}


BAD: list[tuple[Any, str]] = [
    (_part(veicoli=[_car("AB123CD", 0)]),
     "Classe di merito non valida per AB123CD: dev'essere tra 1 e 18"),
    (_part(veicoli=[_car("AB123CD", 19)]),
     "Classe di merito non valida per AB123CD: dev'essere tra 1 e 18"),
    (_part(veicoli=[_car("AB123CD", 10**30)]), f"{INVALID}: "),
    (_part(veicoli=[_car(f"AB{n:03d}CD", 3) for n in range(100)]),
     f"{INVALID}: Al massimo 20 veicoli del nucleo familiare (veicoli)"),
    (_part(veicoli=[_car(f"AB{n:03d}CD", 3) for n in range(21)]),
     f"{INVALID}: Al massimo 20 veicoli del nucleo familiare (veicoli)"),
    (_part(veicoli=[_car("AB12345", 3)]),
     f"{INVALID}: Targa non valida per un'autovettura: il formato è AA000AA"),
    (_part(veicoli=[{"targa": "AB123CD", "tipo": "motociclo", "classe": 3}]),
     f"{INVALID}: Targa non valida per un motociclo: il formato è AA00000"),
    (_part(veicoli=[{"targa": "X1234", "tipo": "ciclomotore", "classe": 3}]),
     "Targa non valida per un ciclomotore: il contrassegno a cinque caratteri"),
    (_part(veicoli=[_car("XA123BC", 3)]),
     "Targa non valida per un'autovettura: le targhe che iniziano per X sono dei rimorchi"),
    (_part(veicoli=[_car("AB*123CD", 3)]), "Targa non valida: sono ammesse solo lettere e cifre"),
    (_part(veicoli=[_car("", 3)]), "Targa mancante"),
    (_part(veicoli=[_car("A" * 33, 3)]), "Deve avere al massimo 32 caratteri (veicoli.0.targa)"),
    (_part(veicoli=[_car("AB123CD", 3), _car("ab 123 cd", 5)]),
     "Targa ripetuta tra i veicoli del nucleo familiare: AB123CD"),
    (_part(veicoli=[_car("AB123CD", 3, colore="rosso")]),
     f"{INVALID}: Campo non previsto (veicoli.0.colore)"),
    (_part(famiglia=True), f"{INVALID}: Campo non previsto (famiglia)"),
    (_part(veicoli=[_car("AB123CD", "3")]), "Deve essere un numero intero (veicoli.0.classe)"),
    (_part(veicoli=[_car("AB123CD", 3.0)]), "Deve essere un numero intero (veicoli.0.classe)"),
    (_part(veicoli=[_car("AB123CD", True)]), "Deve essere un numero intero (veicoli.0.classe)"),
    (_part(veicoli=[_car("AB123CD", 3, convivente="sì")]),
     "Deve essere vero o falso (veicoli.0.convivente)"),
    (_part(personaFisica=1), "Deve essere vero o falso (personaFisica)"),
    (_part(rinnovo="no"), "Deve essere vero o falso (rinnovo)"),
    (_part(veicoli=[{"targa": "AB123CD", "tipo": "furgone", "classe": 3}]),
     "Tipo di veicolo non valido: dev'essere autovettura, motociclo, ciclomotore o rimorchio"),
    (_part(tipo="auto"), "Tipo di veicolo non valido"),
    (_part(tipo=3), f"{INVALID}: Valore non valido (tipo)"),
    (_part(veicoli={"targa": "AB123CD"}), f"{INVALID}: Deve essere un elenco (veicoli)"),
    (_part(veicoli=["AB123CD"]), f"{INVALID}: Deve essere un oggetto (veicoli.0)"),
    (_part(veicoli=[{"targa": "AB123CD", "tipo": "autovettura"}]),
     f"{INVALID}: Campo obbligatorio (veicoli.0.classe)"),
    ({"atr": [], "bersani": {"veicoli": []}}, f"{INVALID}: Campo obbligatorio (tipo)"),
    ({"atr": [], "bersani": []}, f"{INVALID}: Deve essere un oggetto"),
    ({"atr": [], "bersani": "AB123CD"}, f"{INVALID}: Deve essere un oggetto"),
    (_part(rinnovo=True),
     f"{INVALID}: al rinnovo servono gli anni dell'attestato di rischio del veicolo"),
    ({"atr": [], "classeIniziale": 19, "bersani": _part()["bersani"]},
     "Classe di merito non valida: dev'essere tra 1 e 18"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), BAD)
async def test_a_bad_part_is_a_400_in_italian(
    seeded: Runtime, clients: ClientFactory, body: Any, message: str
) -> None:
    response = await _classe(clients, body)
    assert response.status_code == 400, response.text
    assert message in error(response)


async def test_the_socket_answers_alike(live: Live) -> None:
    agent = await live.logged_in("assicurapp_dev", "agente")
    answer = await agent.invoke("rca.classe", _part())
    assert (answer["classe"], answer["bersani"]["targa"]) == (3, "AB123CD")
    with pytest.raises(CallFailed, match="Classe di merito non valida per AB123CD"):
        await agent.invoke("rca.classe", _part(veicoli=[_car("AB123CD", 0)]))
    with pytest.raises(CallFailed, match=re.escape(f"{INVALID}: Campo non previsto (extra)")):
        await agent.invoke("rca.classe", _part(extra=1))


# the plates the register proposes as the household's


async def _family(client: Any, role: str, body: Any) -> Any:
    return await client.post(FAMIGLIA, json=body, headers=await login(client, role))


async def test_the_owners_plates_are_proposed(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    expected = [
        {"targa": "AB123CD", "tipo": "autovettura"},
        {"targa": "X2B4CD", "tipo": "ciclomotore"},
    ]
    for cf in (BIANCHI_CF, BIANCHI_CF.lower(), f" {BIANCHI_CF[:8]} {BIANCHI_CF[8:]}"):
        response = await _family(client, "agente", {"cf": cf})
        assert response.status_code == 200, response.text
        assert response.json() == {"targhe": expected}
    # a company's code; a code of no owner
    answer = (await _family(client, "agente", {"cf": "01234567897"})).json()
    assert answer == {"targhe": [{"targa": "GH789JK", "tipo": "autovettura"}]}
    answer = (await _family(client, "agente", {"cf": "RSSMRA80A01H501U"})).json()
    assert answer == {"targhe": []}


async def test_only_the_users_view_and_active_plates(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await add_user(seeded, TENANT, "altro", {"a": {"type": "agente"}})
    client = clients(TENANT)
    esposito = {"cf": "SPSPLA72C15F839O"}  # LM012NP, the sub-agent's
    for role, plates in (("subagente", ["LM012NP"]), ("agente", ["LM012NP"]), ("altro", [])):
        answer = (await _family(client, role, esposito)).json()
        assert [p["targa"] for p in answer["targhe"]] == plates, role
    assert (await _family(client, "subagente", {"cf": BIANCHI_CF})).json() == {"targhe": []}
    # a plate retired leaves the proposal
    agent = await login(client, "agente")
    plate = await add(
        client, agent, targa="BC234DE", cliente={"nome": "Luca Bianchi", "cf": BIANCHI_CF}
    )
    answer = (await _family(client, "agente", {"cf": BIANCHI_CF})).json()
    assert [p["targa"] for p in answer["targhe"]] == ["AB123CD", "BC234DE", "X2B4CD"]
    assert (await client.delete(f"{ROUTE}{plate['_id']}", headers=agent)).status_code == 204
    answer = (await _family(client, "agente", {"cf": BIANCHI_CF})).json()
    assert [p["targa"] for p in answer["targhe"]] == ["AB123CD", "X2B4CD"]


BAD_OWNER: list[tuple[Any, str]] = [
    ({"cf": "BNCLCU80A01H501X"}, "Codice fiscale errato"),
    ({"cf": "01234567890"}, "Partita IVA errata"),
    ({"cf": ""}, "Codice fiscale errato"),
    ({"cf": "A" * 33}, "Proprietario non valido: Deve avere al massimo 32 caratteri (cf)"),
    ({"cf": 12345678901}, "Proprietario non valido: Deve essere un testo (cf)"),
    ({"cf": BIANCHI_CF, "nome": "Luca"}, "Proprietario non valido: Campo non previsto (nome)"),
    ({}, "Proprietario non valido: Campo obbligatorio (cf)"),
    ([BIANCHI_CF], "Proprietario non valido"),
]


@pytest.mark.parametrize(("body", "message"), BAD_OWNER)
async def test_a_bad_owner_is_a_400(
    seeded: Runtime, clients: ClientFactory, body: Any, message: str
) -> None:
    response = await _family(clients(TENANT), "agente", body)
    assert response.status_code == 400, response.text
    assert message in error(response)


async def test_the_socket_proposes_alike(live: Live) -> None:
    agent = await live.logged_in("assicurapp_dev", "agente")
    answer = await agent.invoke("rca.targhe.famiglia", {"cf": BIANCHI_CF})
    assert [p["targa"] for p in answer["targhe"]] == ["AB123CD", "X2B4CD"]
    with pytest.raises(CallFailed, match="Codice fiscale errato"):
        await agent.invoke("rca.targhe.famiglia", {"cf": "BNCLCU80A01H501X"})
