"""The CU class from a risk certificate over HTTP (``POST /api/targhe/classe``) and the
socket (``rca.classe``): the rules' class and derivation, and their messages on a bad
certificate."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import CallFailed, ClientFactory, Live, Runtime, login
from plugins.rca.tests.records import error

ROUTE = "/api/targhe/classe"


def _years(*claims: int, first: int = 2020) -> list[dict[str, Any]]:
    return [{"anno": first + i, "principali": n} for i, n in enumerate(claims)]


CASES: list[tuple[dict[str, Any], int, str]] = [
    ({"atr": _years(0, 0, 0, 0, 0)}, 9, "2024: nessun sinistro con responsabilità principale"),
    ({"atr": _years(0, 0, 0, 0, 1)}, 12, "2024: 1 sinistro con responsabilità principale → classe"),
    ({"atr": _years(4, 4)}, 18, "2021: 4 sinistri con responsabilità principale → classe 18"),
    ({"atr": _years(0), "classeIniziale": 1}, 1, "Ingresso: classe 1"),
    ({"atr": [{"anno": 2023, "paritarie": [30]}, {"anno": 2024, "paritarie": [30]}]}, 15,
     "le quote di responsabilità paritaria degli ultimi cinque anni sommano 60%"),
    ({"atr": []}, 14, "Ingresso: classe 14 (veicolo assicurato per la prima volta)"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "classe", "step"), CASES)
async def test_the_class_and_its_steps(
    seeded: Runtime, clients: ClientFactory, body: dict[str, Any], classe: int, step: str
) -> None:
    client = clients("rcadealer")
    response = await client.post(ROUTE, json=body, headers=await login(client, "agente"))
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["classe"] == classe
    assert len(answer["passi"]) == len(body["atr"]) + 1
    assert any(step in passo for passo in answer["passi"]), answer["passi"]


BAD: list[tuple[Any, str]] = [
    ({"atr": _years(0, 0)[::-1]}, "gli anni devono essere in ordine e senza ripetizioni"),
    ({"atr": [{"anno": 2020, "paritarie": [60]}]}, "quota di responsabilità paritaria del 2020"),
    ({"atr": [], "classeIniziale": 19}, "Classe di merito non valida: dev'essere tra 1 e 18"),
    ({"atr": [{"anno": 2020, "principali": -1}]}, "Attestato di rischio non valido"),
    ({"atr": [{"anno": "2020"}]}, "Attestato di rischio non valido: Deve essere un numero intero"),
    ({"atr": [{"anno": 2020.5}]}, "Attestato di rischio non valido"),
    ({"atr": [{"anno": 2020, "principali": True}]}, "Attestato di rischio non valido"),
    ({"atr": [{"anno": 2020, "sinistri": 1}]}, "Campo non previsto"),
    ({"atr": _years(*[0] * 61, first=1950)}, "Attestato di rischio non valido"),
    ({"atr": [{"anno": 2020, "paritarie": [10] * 21}]}, "Attestato di rischio non valido"),
    ({"atr": [], "classeIniziale": 10**30}, "Attestato di rischio non valido"),
    ({"atr": "2020"}, "Attestato di rischio non valido"),
    ({}, "Attestato di rischio non valido: Campo obbligatorio (atr)"),
    ([], "Attestato di rischio non valido"),
]


@pytest.mark.parametrize(("body", "message"), BAD)
async def test_a_bad_certificate_is_a_400(
    seeded: Runtime, clients: ClientFactory, body: Any, message: str
) -> None:
    client = clients("rcadealer")
    response = await client.post(ROUTE, json=body, headers=await login(client, "agente"))
    assert response.status_code == 400, response.text
    assert message in error(response)


async def test_the_socket_answers_alike(live: Live) -> None:
    agent = await live.logged_in("assicurapp_dev", "agente")
    answer = await agent.invoke("rca.classe", {"atr": _years(0, 0, 0, 0, 0)})
    assert answer["classe"] == 9
    assert answer["passi"][0] == "Ingresso: classe 14 (veicolo assicurato per la prima volta)"
    with pytest.raises(CallFailed, match="gli anni devono essere in ordine"):
        await agent.invoke("rca.classe", {"atr": _years(0, 0)[::-1]})
