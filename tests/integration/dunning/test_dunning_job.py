"""The daily ``dunning-reminders`` job on days read off a calendar: a reminder at each of the
tenant's days from the due date, once whichever process or session runs it, only for regular
unpaid instalments not set aside, with the amount, the due date, the cover in words (art. 1901
c.c.) and a purchase link that opens."""

from __future__ import annotations

import asyncio
from datetime import date, datetime, time, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from core.context import tenant_scope
from core.domain.dunning.job import mark_due, remind_tenant
from core.domain.dunning.plan import plan_of
from core.domain.quotes.links import open_code
from core.i18n import ROME
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids

from .helpers import EMAIL, TENANT, all_paid, marks, outbox, owe, policies_of

pytestmark = pytest.mark.usefixtures("seeded")
TODAY = date(2026, 3, 14)
NOW = datetime.combine(TODAY, time(9), tzinfo=ROME)


async def _owing(runtime: Runtime) -> dict[str, str]:
    """Five of the agent's policies owing instalment 2, due around 14 March 2026."""
    await all_paid(runtime)
    ids = await policies_of(runtime, "agente", 5)
    dues = {
        "ahead": TODAY + timedelta(days=7),  # 21/03: the reminder 7 days before
        "today": TODAY,  # the reminder on the day
        "week": TODAY - timedelta(days=7),  # 07/03: 7 days after
        "fortnight": TODAY - timedelta(days=14),  # 28/02: 14 days after
        "none": TODAY - timedelta(days=3),  # 11/03: 3 days after, no reminder that day
    }
    return {
        name: await owe(runtime, policy_id, 2, due)
        for (name, due), policy_id in zip(dues.items(), ids, strict=True)
    }


async def test_the_default_days_remind_each_once(seeded: Runtime) -> None:
    rates = await _owing(seeded)
    assert await remind_tenant(seeded, TENANT, NOW) == 4
    expected = {(rates["ahead"], -7), (rates["today"], 0), (rates["week"], 7),
                (rates["fortnight"], 14)}  # fmt: skip
    assert set(await marks(seeded)) == expected
    mails = await outbox(seeded)
    assert len(mails) == 4
    assert {mail.to for mail in mails} == {EMAIL}
    by_subject = {mail.subject.split(":")[0]: mail for mail in mails}
    assert set(by_subject) == {"Promemoria", "Sollecito"}
    # 7 days after 07/03: in cover until 24:00 of 07/03 + 15 = 22/03
    week = next(mail for mail in mails if "il 07/03/2026" in mail.text)
    assert "123,45 €, è scaduta il 07/03/2026" in week.text
    assert "la copertura sarà sospesa dalle 24:00 del 22/03/2026" in week.text
    # 28/02 + 15 = 15/03: the suspension is tomorrow night
    fortnight = next(mail for mail in mails if "il 28/02/2026" in mail.text)
    assert "sospesa dalle 24:00 del 15/03/2026" in fortnight.text
    # not due yet: 21/03 + 15 = 05/04
    ahead = next(mail for mail in mails if "scadrà il 21/03/2026" in mail.text)
    assert "sospesa dalle 24:00 del 05/04/2026" in ahead.text
    assert any("scade oggi." in mail.text for mail in mails)
    # a second run, the same day or the next, sends nothing again
    assert await remind_tenant(seeded, TENANT, NOW + timedelta(hours=3)) == 0
    assert await remind_tenant(seeded, TENANT, NOW + timedelta(days=1)) == 0
    assert len(await outbox(seeded)) == 4


async def test_the_link_opens_the_policys_purchase_page(seeded: Runtime) -> None:
    rates = await _owing(seeded)
    await remind_tenant(seeded, TENANT, NOW)
    mail = next(mail for mail in await outbox(seeded) if "scade oggi" in mail.text)
    link = next(line for line in mail.text.splitlines() if "/acquisto-polizza/" in line)
    policy_id = urlsplit(link).path.rsplit("/", 1)[1]
    tenant = seeded.tenant(TENANT)
    assert tenant is not None
    code = parse_qs(urlsplit(link).query)["c"][0]
    open_code(seeded.settings, tenant, policy_id, code, "polizza")  # refuses a bad code
    assert rates["today"]


async def test_two_processes_at_once_send_once(seeded: Runtime) -> None:
    await _owing(seeded)
    counts = await asyncio.gather(*(remind_tenant(seeded, TENANT, NOW) for _ in range(3)))
    assert sorted(counts) == [0, 0, 4]
    assert len(await marks(seeded)) == 4
    assert len(await outbox(seeded)) == 4


async def test_two_sessions_one_after_the_other_mark_once(seeded: Runtime) -> None:
    await _owing(seeded)
    tenant = seeded.tenant(TENANT)
    assert tenant is not None
    plan = plan_of({})
    with tenant_scope(TENANT):
        async with seeded.db.session() as first:
            run = await mark_due(first, seeded, tenant, plan, NOW)
        async with seeded.db.session() as second:
            again = await mark_due(second, seeded, tenant, plan, NOW)
    assert (run.marked, again.marked) == (4, 0)
    agent = (await user_ids(seeded, TENANT))["agente"]
    # to the agent and to the office, each reminder
    assert sum(push.user_ids == (agent,) for push in run.pushes) == 4
    assert sum(push.office is not None for push in run.pushes) == 4
    assert all(push.url.startswith("/polizza/") for push in run.pushes)


async def test_paid_set_aside_and_other_rows_are_not_reminded(seeded: Runtime) -> None:
    await all_paid(seeded)
    ids = await policies_of(seeded, "agente", 4)
    await owe(seeded, ids[0], 2, TODAY)
    await owe(seeded, ids[1], 2, TODAY, info={"SOSP": True, "annullata": "c1"})  # cancelled
    await owe(seeded, ids[2], 2, TODAY, info={"kind": "rimborso", "change": "c2"})
    await owe(seeded, ids[3], 2, TODAY, info={"kind": "appendice", "change": "c3"})
    assert await remind_tenant(seeded, TENANT, NOW) == 1
    [(_, offset)] = await marks(seeded)
    assert offset == 0


async def test_a_missed_day_is_caught_up_for_three_days_only(seeded: Runtime) -> None:
    await all_paid(seeded)
    ids = await policies_of(seeded, "agente", 2)
    # due 12/03 and 11/03: on 14/03 the day-0 reminders were due 2 and 3 days ago
    two = await owe(seeded, ids[0], 2, TODAY - timedelta(days=2))
    await owe(seeded, ids[1], 2, TODAY - timedelta(days=3))
    assert await remind_tenant(seeded, TENANT, NOW) == 1
    assert await marks(seeded) == [(two, 0)]


async def test_two_days_in_the_window_send_the_latest_only(
    clients: ClientFactory, seeded: Runtime
) -> None:
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        saved = await client.put("/api/settings", json={"solleciti": [1, 0]}, headers=headers)
    assert saved.status_code == 200, saved.text
    await all_paid(seeded)
    [policy_id] = await policies_of(seeded, "agente", 1)
    rate = await owe(seeded, policy_id, 2, TODAY - timedelta(days=1))  # days 0 and 1 both due
    assert await remind_tenant(seeded, TENANT, NOW) == 1
    assert await marks(seeded) == [(rate, 1)]
    assert await remind_tenant(seeded, TENANT, NOW + timedelta(days=1)) == 0


async def test_the_tenants_days_and_switches(clients: ClientFactory, seeded: Runtime) -> None:
    rates = await _owing(seeded)
    [late_policy] = await policies_of(seeded, "agente", 1)
    # due 12/02, 30 days before 14/03: suspended from 24:00 of 12/02 + 15 = 27/02
    late = await owe(seeded, late_policy, 2, TODAY - timedelta(days=30))
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        body = {"solleciti": [30, 7], "sollecitiEmail": True, "sollecitiPush": False}
        saved = await client.put("/api/settings", json=body, headers=headers)
    assert saved.status_code == 200, saved.text
    assert await remind_tenant(seeded, TENANT, NOW) == 2
    assert set(await marks(seeded)) == {(rates["week"], 7), (late, 30)}
    suspended = next(mail for mail in await outbox(seeded) if "12/02/2026" in mail.text)
    assert "la copertura è sospesa dalle 24:00 del 27/02/2026" in suspended.text.lower(), (
        suspended.text
    )
    tenant = seeded.tenant(TENANT)
    assert tenant is not None
    async with clients(TENANT) as client:
        off = {"solleciti": [0], "sollecitiEmail": False, "sollecitiPush": False}
        assert (await client.put("/api/settings", json=off, headers=headers)).status_code == 200
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            from core.domain.settings.payload import tenant_data

            plan = plan_of(await tenant_data(session, seeded))
            run = await mark_due(session, seeded, tenant, plan, NOW)
    assert (run.marked, run.mails, run.pushes) == (1, [], [])  # marked, neither mailed nor pushed


async def test_no_email_no_mail_but_the_agent_is_told(seeded: Runtime) -> None:
    await all_paid(seeded)
    [policy_id] = await policies_of(seeded, "agente", 1)
    await owe(seeded, policy_id, 2, TODAY, email=None)
    tenant = seeded.tenant(TENANT)
    assert tenant is not None
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            run = await mark_due(session, seeded, tenant, plan_of({}), NOW)
    assert (run.marked, len(run.mails), len(run.pushes)) == (1, 0, 2)


async def test_each_tenant_reminds_its_own(seeded: Runtime) -> None:
    await _owing(seeded)
    await all_paid(seeded, "rcadealer")
    assert await remind_tenant(seeded, "rcadealer", NOW) == 0
    assert await marks(seeded) == []
    assert await remind_tenant(seeded, TENANT, NOW) == 4
    assert await marks(seeded, "rcadealer") == []
