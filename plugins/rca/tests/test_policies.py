"""The plate follows its policies: a policy issued from a quote carrying a plate shows on that
plate (number, company, expiry, and the 15 days' grace of art. 170-bis CAP); an RCA policy is
never renewed tacitly — at expiry the renewals job makes a renewal quote and the plate keeps
its policy, covered until the grace ends."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from sqlalchemy import func, select

from core.api import models as m
from core.api import tenant_scope
from core.testing import Live, ScClient, login, run_renewals, user_id
from plugins.rca.models import Plate
from plugins.rca.tests.records import issued_policy

TENANT = "rcadealer"


async def _plate(live: Live, number: str) -> Plate | None:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(Plate).where(Plate.plate == number)
            return (await session.execute(stmt)).scalar_one_or_none()


async def _search(client: ScClient, q: str) -> list[dict[str, Any]]:
    answer = await client.invoke("rca.targhe.cerca", {"q": q})
    found: list[dict[str, Any]] = answer["targhe"]
    return found


async def test_the_plate_shows_the_policy_issued_for_it(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    policy = await issued_policy(live, admin, "AB123CD", "RCA-1")  # a demo plate
    [plate] = await _search(admin, "AB123CD")
    assert plate["polizza"] == {
        "_id": policy["_id"], "numero": "RCA-1", "compagnia": "Allianz",
        "scadenza": "2027-03-01", "grazia": "2027-03-16",  # 1 March + 15 days
    }  # fmt: skip
    # the plate's quotes: the one issued carries its policy's number beside its status
    detail = await admin.invoke("rca.targhe.dettaglio", {"_id": plate["_id"]})
    [issued] = [q for q in detail["preventivi"] if q["_id"] == plate["preventivo"]]
    assert (issued["status"], issued["polizza"]) == ("In lavorazione compagnia", "RCA-1")


async def test_a_plate_not_in_the_register_is_added_from_the_quote(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    policy = await issued_policy(live, admin, "fb 321 kc", "RCA-2")
    stored = await _plate(live, "FB321KC")
    assert stored is not None
    assert (stored.kind, stored.brand, stored.model) == ("autovettura", "Fiat", "Panda")
    assert (stored.registered_new, stored.registered_on) == (False, date(2019, 4, 2))
    assert stored.agent_id == await user_id(live.runtime, TENANT, "agente")
    assert stored.policy_id == policy["_id"]
    agent = await live.logged_in(TENANT, "agente")  # the agent's register finds it by owner
    assert [p["targa"] for p in await _search(agent, "colombo")] == ["FB321KC"]


async def test_the_policy_ending_last_is_shown(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    later = await issued_policy(live, admin, "GC456LM", "RCA-3", end=date(2027, 6, 1))
    await issued_policy(live, admin, "GC456LM", "RCA-4", end=date(2027, 1, 1))
    stored = await _plate(live, "GC456LM")
    assert stored is not None
    assert (stored.policy_id, stored.expiry) == (later["_id"], date(2027, 6, 1))


async def test_a_retired_plate_insured_again_comes_back(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    [plate] = await _search(admin, "EF456GH")
    await admin.invoke("rca.targhe.ritira", {"_id": plate["_id"]})
    assert await _search(admin, "EF456GH") == []
    await issued_policy(live, admin, "EF456GH", "RCA-5")
    [back] = await _search(admin, "EF456GH")
    assert back["_id"] == plate["_id"]
    assert back["polizza"]["numero"] == "RCA-5"


async def test_a_plate_no_kind_fits_issues_the_policy_and_adds_nothing(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    policy = await issued_policy(
        live, admin, "MI123456", "RCA-6"
    )  # a provincial plate, before 1994
    assert policy["number"] == "RCA-6"
    assert await _plate(live, "MI123456") is None


async def test_where_the_line_is_off_the_policy_touches_no_plate(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    async with live.http(TENANT) as http:
        off = await http.put(
            "/api/settings/products/rca", json={"enabled": False},
            headers=await login(http, "admin"),
        )  # fmt: skip
        assert off.status_code == 200, off.text
    policy = await issued_policy(live, admin, "AB123CD", "RCA-8")
    assert policy["number"] == "RCA-8"
    stored = await _plate(live, "AB123CD")
    assert stored is not None
    assert stored.policy_number != "RCA-8"
    assert await _plate(live, "JE246RS") is None
    await issued_policy(live, admin, "JE246RS", "RCA-9")  # not in the register: not added either
    assert await _plate(live, "JE246RS") is None


async def test_an_rca_policy_is_never_renewed_tacitly(live: Live) -> None:
    """At expiry the renewals job makes a 'Preventivo di rinnovo', issues no policy, and the
    plate keeps the policy, covered until 15 days after its end (art. 170-bis CAP)."""
    admin = await live.logged_in(TENANT, "admin")
    today = date.today()
    end = today + timedelta(days=10)
    policy = await issued_policy(
        live, admin, "HD789NP", "RCA-7", end=end, start=end - timedelta(365)
    )
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            policies = select(func.count(m.Policy.id))
            before = (await session.execute(policies)).scalar_one()
    assert await run_renewals(live.runtime, TENANT, today) >= 1
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            assert (await session.execute(policies)).scalar_one() == before  # none issued
            renewal = (
                await session.execute(select(m.Quote).where(m.Quote.renew_of == policy["_id"]))
            ).scalar_one()
    assert renewal.status == "Preventivo di rinnovo"
    assert renewal.renew is True
    [plate] = await _search(admin, "HD789NP")
    assert plate["polizza"]["scadenza"] == end.isoformat()
    assert plate["polizza"]["grazia"] == (end + timedelta(days=15)).isoformat()
