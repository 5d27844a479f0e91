"""The tenant's demands-and-needs questionnaires: one per ramo and a general one, built in
until the admin writes its own, each save a new version; only admins edit them, bad shapes are
refused in Italian, and one tenant's questions never reach another's quotes."""

from __future__ import annotations

from typing import Any

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.auth.helpers import error_message
from tests.integration.precontract.helpers import TENANT, priced_quote

pytestmark = pytest.mark.usefixtures("seeded")
URL = "/api/needs/questionnaires"


def _choice(id_: str, *fits: bool) -> dict[str, Any]:
    options = [{"label": f"Risposta {i}", "coerente": fit} for i, fit in enumerate(fits)]
    return {"id": id_, "text": f"Domanda {id_}?", "type": "scelta", "required": True,
            "options": options}  # fmt: skip


async def _set_ramo(runtime: Runtime, quote_id: str, ramo: str | None) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            product = await session.get(m.Product, quote.product_id)
            assert product is not None
            product.ramo = ramo


async def test_every_kind_is_listed_with_its_built_in_questions(
    clients: ClientFactory, seeded: Runtime
) -> None:
    admin = await headers_for(seeded, TENANT, "admin")
    async with clients(TENANT) as client:
        listed = (await client.get(URL, headers=admin)).json()
    kinds = {entry["kind"]: entry for entry in listed}
    assert listed[0]["kind"] == "generale"
    assert len(listed) == 14  # the general one and the 13 rami
    assert kinds["rca"]["label"] == "RC auto"
    assert not any(entry["custom"] for entry in listed)
    assert kinds["rca"]["questions"][0]["id"] == "veicolo_in_uso"  # RC auto's own
    assert kinds["infortuni"]["questions"] == kinds["generale"]["questions"]  # falls back


async def test_an_admin_saves_versions_and_a_ramo_goes_back_to_the_general_one(
    clients: ClientFactory, seeded: Runtime
) -> None:
    admin = await headers_for(seeded, TENANT, "admin")
    quote_id = await priced_quote(seeded, answered=False, Allianz=600)
    await _set_ramo(seeded, quote_id, "infortuni")
    own = {"questions": [_choice("lavoro", True, False)]}
    async with clients(TENANT) as client:
        first = await client.put(f"{URL}/infortuni", json=own, headers=admin)
        second = await client.put(f"{URL}/infortuni", json=own, headers=admin)
        asked = (await client.get(f"/api/quotes/{quote_id}/needs", headers=admin)).json()
        back = await client.put(f"{URL}/infortuni", json={"questions": []}, headers=admin)
        asked_after = (await client.get(f"/api/quotes/{quote_id}/needs", headers=admin)).json()
    assert first.status_code == second.status_code == back.status_code == 200
    assert (first.json()["version"], second.json()["version"]) == (1, 2)
    assert first.json()["custom"] is True
    assert asked["questionnaire"]["kind"] == "infortuni"
    assert asked["questionnaire"]["version"] == 2
    assert [q["id"] for q in asked["questionnaire"]["questions"]] == ["lavoro"]
    assert back.json()["custom"] is False
    assert asked_after["questionnaire"]["kind"] == "generale"  # built in, version 0
    assert asked_after["questionnaire"]["version"] == 0


async def test_bad_questionnaires_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    admin = await headers_for(seeded, TENANT, "admin")
    agent = await headers_for(seeded, TENANT, "agente")
    one_option = {"questions": [_choice("solo", True)]}
    same_id = {"questions": [_choice("x", True, True), _choice("x", True, False)]}
    too_many = {"questions": [_choice(f"q{i}", True, False) for i in range(31)]}
    text_with_options = {"questions": [{**_choice("t", True, True), "type": "testo"}]}
    bad_id = {"questions": [_choice("Non Valido", True, False)]}
    # only marks that reorder the text: nothing is left to read
    bidi_label = {"questions": [_choice("b", True, False)]}
    bidi_label["questions"][0]["options"][0]["label"] = "\u202e\u2066\u2069"
    bodies = {
        "one option": ("rca", one_option), "same id": ("rca", same_id),
        "too many": ("rca", too_many), "text with options": ("rca", text_with_options),
        "bad id": ("rca", bad_id), "general empty": ("generale", {"questions": []}),
        "only bidi marks": ("rca", bidi_label),
    }  # fmt: skip
    async with clients(TENANT) as client:
        answers = {
            case: await client.put(f"{URL}/{kind}", json=body, headers=admin)
            for case, (kind, body) in bodies.items()
        }
        answers["not JSON"] = await client.put(f"{URL}/rca", content=b"{", headers=admin)
        unknown = await client.put(f"{URL}/nautica", json={"questions": []}, headers=admin)
        by_agent = await client.put(f"{URL}/rca", json={"questions": []}, headers=agent)
        read_by_agent = await client.get(URL, headers=agent)
        listed = (await client.get(URL, headers=admin)).json()
    for case, response in answers.items():
        assert response.status_code == 400, case
    assert "da 2 a 8 risposte" in error_message(answers["one option"])
    assert "stesso codice: x" in error_message(answers["same id"])
    assert "non ha risposte da scegliere" in error_message(answers["text with options"])
    assert error_message(answers["general empty"]) == (
        "Il questionario generale deve avere almeno una domanda"
    )
    assert unknown.status_code == 404
    assert (by_agent.status_code, read_by_agent.status_code) == (403, 403)
    assert not any(entry["custom"] for entry in listed)  # nothing was saved


async def test_one_tenants_questions_never_reach_another_tenants_quotes(
    clients: ClientFactory, seeded: Runtime
) -> None:
    admin = await headers_for(seeded, TENANT, "admin")
    other_admin = await headers_for(seeded, "rcadealer", "admin")
    own = {"questions": [_choice("solo_assicurapp", True, False)]}
    async with clients(TENANT) as client:
        saved = await client.put(f"{URL}/generale", json=own, headers=admin)
    async with clients("rcadealer") as client:
        theirs = (await client.get(URL, headers=other_admin)).json()
    assert saved.status_code == 200
    assert theirs[0]["custom"] is False
    assert theirs[0]["questions"][0]["id"] == "durata"  # still the built-in general one


async def test_restoring_rc_auto_brings_back_its_own_built_in_questions(
    clients: ClientFactory, seeded: Runtime
) -> None:
    admin = await headers_for(seeded, TENANT, "admin")
    async with clients(TENANT) as client:
        await client.put(f"{URL}/rca", json={"questions": [_choice("mia", True, False)]},
                         headers=admin)  # fmt: skip
        restored = (await client.put(f"{URL}/rca", json={"questions": []}, headers=admin)).json()
    assert restored["custom"] is False
    assert [q["id"] for q in restored["questions"]][:3] == [
        "veicolo_in_uso", "obbligo_rca", "uso_veicolo",
    ]  # fmt: skip
