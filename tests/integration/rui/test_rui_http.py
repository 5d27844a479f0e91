"""``/api/rui``: RUI entries and the training log per role and tenant; every refusal is a
4xx in Italian and changes nothing."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.rui.intermediary import rui_for_documents
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _call(
    clients: ClientFactory, runtime: Runtime, who: str, method: str, path: str, body: Any = None,
    tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        if body is None:
            return await client.request(method, path, headers=headers)
        return await client.request(method, path, headers=headers, json=body)


async def _counts(runtime: Runtime) -> tuple[int, int]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            regs = (await session.execute(select(func.count(m.RuiRegistration.id)))).scalar_one()
            courses = (await session.execute(select(func.count(m.TrainingEntry.id)))).scalar_one()
            return int(regs), int(courses)


def _entry(**changes: Any) -> dict[str, Any]:
    return {"section": "E", "number": "E000555111", "registeredOn": "2021-04-12",
            "intermediaryName": "Agenzia Demo S.r.l.", "intermediaryNumber": "A000100200",
            **changes}  # fmt: skip


async def test_the_office_lists_the_collaborators_with_their_hours(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    answer = await _call(clients, seeded, "admin", "GET", "/api/rui")
    assert answer.status_code == 200
    rows = {row["_id"]: row for row in answer.json()}
    assert set(rows) == {ids["agente"], ids["subagente"]}
    agent, sub = rows[ids["agente"]], rows[ids["subagente"]]
    assert (agent["rui"]["section"], agent["rui"]["number"], agent["valid"]) == (
        "E", "E000301122", True,
    )  # fmt: skip
    # the demo: 18 + 12.5 = 30.50 hours for the agent, 8.25 for the sub-agent (of 30)
    assert agent["training"] == {
        "year": today_in_rome().year, "done": "30.50", "required": "30.00", "missing": "0.00",
        "short": False,
    }  # fmt: skip
    assert (sub["training"]["done"], sub["training"]["missing"]) == ("8.25", "21.75")
    assert sub["training"]["short"] is True


async def test_an_agent_sees_his_tree_a_sub_agent_himself(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    top = (await _call(clients, seeded, "agente", "GET", "/api/rui")).json()
    assert {row["_id"] for row in top} == {ids["agente"], ids["subagente"]}
    sub = (await _call(clients, seeded, "subagente", "GET", "/api/rui")).json()
    assert [row["_id"] for row in sub] == [ids["subagente"]]
    mine = await _call(clients, seeded, "subagente", "GET", f"/api/rui/utenti/{ids['subagente']}")
    assert mine.status_code == 200
    assert [e["hours"] for e in mine.json()["entries"]] == ["8.25"]
    other = await _call(clients, seeded, "subagente", "GET", f"/api/rui/utenti/{ids['agente']}")
    assert (other.status_code, other.json()["error"]["message"]) == (404, "Utente non trovato")


@pytest.mark.parametrize("who", ["dipendente", "segnalatore"])
async def test_other_roles_are_refused(clients: ClientFactory, seeded: Runtime, who: str) -> None:
    answer = await _call(clients, seeded, who, "GET", "/api/rui")
    assert answer.status_code == 403


async def test_agents_never_edit(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await user_ids(seeded, TENANT)
    before = await _counts(seeded)
    path = f"/api/rui/utenti/{ids['subagente']}"
    put = await _call(clients, seeded, "agente", "PUT", path, _entry())
    post = await _call(clients, seeded, "agente", "POST", f"{path}/formazione",
                       {"day": "2026-01-10", "hours": 5, "title": "Corso"})  # fmt: skip
    assert (put.status_code, post.status_code) == (403, 403)
    assert await _counts(seeded) == before


async def test_another_tenants_user_is_not_found(clients: ClientFactory, seeded: Runtime) -> None:
    theirs = (await user_ids(seeded, "rcadealer"))["agente"]
    before = await _counts(seeded)
    read = await _call(clients, seeded, "admin", "GET", f"/api/rui/utenti/{theirs}")
    write = await _call(clients, seeded, "admin", "PUT", f"/api/rui/utenti/{theirs}", _entry())
    assert (read.status_code, write.status_code) == (404, 404)
    assert await _counts(seeded) == before
    rows = (await _call(clients, seeded, "admin", "GET", "/api/rui")).json()
    assert theirs not in {row["_id"] for row in rows}


async def test_the_office_records_an_entry_and_courses(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    path = f"/api/rui/utenti/{ids['subagente']}"
    saved = await _call(clients, seeded, "responsabile", "PUT", path,
                        _entry(section="e", number="e000555111"))  # fmt: skip
    assert saved.status_code == 200
    assert saved.json()["rui"]["number"] == "E000555111"
    year = today_in_rome().year
    day = date(year, 1, 15).isoformat()
    course = {"day": day, "hours": 10.75, "title": "IDD", "provider": "ANIA"}
    first = await _call(clients, seeded, "admin", "POST", f"{path}/formazione", course)
    assert first.status_code == 201
    assert first.json()["hours"] == "10.75"
    detail = (await _call(clients, seeded, "admin", "GET", path)).json()
    # 8.25 (demo) + 10.75 = 19.00 done, 11.00 missing
    assert (detail["training"]["done"], detail["training"]["missing"]) == ("19.00", "11.00")
    gone = await _call(
        clients, seeded, "admin", "DELETE", f"/api/rui/formazione/{first.json()['_id']}"
    )
    assert gone.status_code == 204
    detail = (await _call(clients, seeded, "admin", "GET", path)).json()
    assert detail["training"]["done"] == "8.25"


BAD_ENTRIES = [
    (_entry(section="G"), "Sezione RUI non valida"),
    (_entry(number="E12345"), "Numero RUI non valido"),
    (_entry(number="A000555111"), "deve iniziare con la lettera della sezione (E)"),
    (_entry(registeredOn=(date.today() + timedelta(days=2)).isoformat()), "non può essere futura"),
    (_entry(intermediaryNumber=None), "Per la sezione E indica l'intermediario"),
    (_entry(intermediaryNumber="C000000001"), "sezione A, B, D o F"),
    (_entry(registeredOn="ieri"), "Dati RUI non validi"),
    (_entry(extra=1), "Campo non previsto"),
    (_entry(number="E" * 30), "al massimo 20 caratteri"),
    ([1, 2], "Dati non validi"),
]


@pytest.mark.parametrize(("body", "message"), BAD_ENTRIES)
async def test_bad_entries_are_refused(
    clients: ClientFactory, seeded: Runtime, body: Any, message: str
) -> None:
    ids = await user_ids(seeded, TENANT)
    before = await _counts(seeded)
    answer = await _call(clients, seeded, "admin", "PUT", f"/api/rui/utenti/{ids['subagente']}",
                         body)  # fmt: skip
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]
    assert await _counts(seeded) == before


BAD_COURSES = [
    ({"day": "2020-01-01", "hours": 0, "title": "x"}, "Ore non valide"),
    ({"day": "2020-01-01", "hours": -2, "title": "x"}, "Ore non valide"),
    ({"day": "2020-01-01", "hours": 1.005, "title": "x"}, "Ore non valide"),
    ({"day": "2020-01-01", "hours": 100.01, "title": "x"}, "Ore non valide"),
    ({"day": "2020-01-01", "hours": "3", "title": "x"}, "Corso non valido"),
    ({"day": "2020-01-01", "hours": 3, "title": " "}, "Corso non valido"),
    ({"day": "2020-01-01", "hours": 3, "title": "x" * 201}, "Corso non valido"),
    ({"day": (date.today() + timedelta(days=2)).isoformat(), "hours": 3, "title": "x"},
     "La data del corso non può essere futura"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), BAD_COURSES)
async def test_bad_courses_are_refused(
    clients: ClientFactory, seeded: Runtime, body: Any, message: str
) -> None:
    ids = await user_ids(seeded, TENANT)
    before = await _counts(seeded)
    path = f"/api/rui/utenti/{ids['subagente']}/formazione"
    answer = await _call(clients, seeded, "admin", "POST", path, body)
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]
    assert await _counts(seeded) == before


async def test_the_intermediary_entry_and_the_documents_data(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, TENANT)
    read = (await _call(clients, seeded, "agente", "GET", "/api/rui/intermediario")).json()
    assert read["rui"]["number"] == "A000100200"
    body = {"name": "Broker Uno S.r.l.", "section": "B", "number": "B000000777",
            "registeredOn": "2015-01-20"}  # fmt: skip
    refused = await _call(clients, seeded, "agente", "PUT", "/api/rui/intermediario", body)
    assert refused.status_code == 403
    bad = await _call(clients, seeded, "admin", "PUT", "/api/rui/intermediario",
                      {**body, "section": "E", "number": "E000000777"})  # fmt: skip
    assert bad.status_code == 400
    saved = await _call(clients, seeded, "admin", "PUT", "/api/rui/intermediario", body)
    assert saved.status_code == 200
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            data = await rui_for_documents(session, ids["agente"])
            settings = (await session.execute(select(m.TenantSettings))).scalar_one()
    assert (data["intermediary"]["section"], data["intermediary"]["number"]) == (
        "B", "B000000777",
    )  # fmt: skip
    assert data["intermediary"]["registeredOn"] == "2015-01-20"
    assert (data["collaborator"]["number"], data["collaborator"]["registeredOn"]) == (
        "E000301122", "2016-05-09",
    )  # fmt: skip
    assert settings.data.get("compagnie") is not None or "rui" in settings.data  # others kept
    other = (await _call(clients, seeded, "admin", "GET", "/api/rui/intermediario",
                         tenant="rcadealer")).json()  # fmt: skip
    assert other["rui"]["number"] == "A000100200"  # rcadealer's own, untouched
