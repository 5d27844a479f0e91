"""A status alert is pushed only to the alerted roles' users who see the quote (its agent
tree): an employee who is also a manager sees no quotes, a sub-agent does not see its
parent's. The push services are replaced by a recorder; who should get what is written by
hand from the demo tree (agente is the parent of subagente)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.push.alerts import status_alerts
from core.push.sender import Push, PushSender, Target
from core.runtime import Runtime
from core.testing import user_ids
from tests.realtime.records import quotes_of

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
MANAGER_EMPLOYEE = {"responsabile": True, "e": True}


async def _subscribe(runtime: Runtime, *who: str) -> None:
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            for name in who:
                keys = {"p256dh": "k", "auth": "a"}
                url = f"https://push.test/{name}"
                session.add(m.WebPushSubscription(user_id=ids[name], endpoint=url, **keys))


async def _set_role(runtime: Runtime, who: str, role: dict[str, Any]) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.User).where(m.User.email == f"{who}@demo.it")
            (await session.execute(stmt)).scalar_one().role = role


def _recording(sender: PushSender, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The endpoints ``sender`` posts to (as names), from now on."""
    reached: list[str] = []

    async def post(subscription: Target, _payload: str, _vapid: Any) -> int:
        reached.append(subscription.endpoint.rsplit("/", 1)[1])
        return 201

    monkeypatch.setattr(sender, "_post", post)
    return reached


async def test_an_emission_request_reaches_the_managers_who_see_quotes_only(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _set_role(seeded, "dipendente", MANAGER_EMPLOYEE)
    await _subscribe(seeded, "admin", "responsabile", "dipendente", "agente")
    sender = PushSender(seeded.db, seeded.settings)
    queued: list[Push] = []
    monkeypatch.setattr(sender, "send", queued.append)
    # only this hook hears the commit (the app's own would take the status change first)
    monkeypatch.setattr(seeded.db, "on_commit", [status_alerts(sender, seeded.statuses)])
    reached = _recording(sender, monkeypatch)
    ids = await user_ids(seeded, TENANT)
    quote = next(q for q in await quotes_of(seeded, TENANT, ids["agente"])
                 if q.status != "Emissione richiesta")  # fmt: skip
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = await session.get(m.Quote, quote.id)
            assert stored is not None
            stored.status = "Emissione richiesta"  # alerts admin and responsabile

    assert len(queued) == 1
    await sender._deliver(queued[0])
    assert sorted(reached) == ["admin", "responsabile"]


async def test_an_alert_for_agents_reaches_only_the_agents_whose_tree_holds_the_quote(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _subscribe(seeded, "agente", "subagente", "segnalatore", "admin")
    sender = PushSender(seeded.db, seeded.settings)
    reached = _recording(sender, monkeypatch)
    ids = await user_ids(seeded, TENANT)
    parents = (await quotes_of(seeded, TENANT, ids["agente"]))[0]
    subs = (await quotes_of(seeded, TENANT, ids["subagente"]))[0]

    for quote, expected in ((parents, ["agente"]), (subs, ["agente", "subagente"])):
        reached.clear()
        await sender._deliver(Push(TENANT, (), "Stato", "Da vedere", f"/preventivi/{quote.id}",
                                   alert=(quote.id, ("a",))))  # fmt: skip
        assert sorted(reached) == expected, quote.agent_id
