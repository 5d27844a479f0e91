"""The emission gate of Reg. IVASS 40/2018: an agent without a RUI entry in force (none, or
cancelled) cannot ask for the emission; the refusal changes nothing; cancelling still works."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import delete, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.rui.gate import NO_VALID_RUI
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import CallFailed, Live, reload, user_ids
from tests.realtime.quote_records import open_quote, pick_quote

TENANT = "assicurapp"


async def _end_entry(runtime: Runtime, who: str, *, remove: bool = False) -> None:
    user_id = (await user_ids(runtime, TENANT))[who]
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            if remove:
                await session.execute(
                    delete(m.RuiRegistration).where(m.RuiRegistration.user_id == user_id)
                )
                return
            stmt = select(m.RuiRegistration).where(m.RuiRegistration.user_id == user_id)
            reg = (await session.execute(stmt)).scalar_one()
            reg.ended_on = today_in_rome() - timedelta(days=1)


@pytest.mark.parametrize("remove", [False, True], ids=["cancelled", "none"])
async def test_no_valid_entry_no_emission(live: Live, remove: bool) -> None:
    quote = await pick_quote(live.runtime, TENANT, "agente", open_quote("Preventivato"))
    await _end_entry(live.runtime, "agente", remove=remove)
    agent = await live.logged_in(TENANT, "agente")

    with pytest.raises(CallFailed, match="iscrizione RUI valida"):
        await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": False})

    stored = await reload(live.runtime, TENANT, quote.id)
    assert (stored.status, stored.emission_requested_at) == ("Preventivato", None)
    assert "statusBefore" not in (stored.quote or {})


async def test_a_request_made_before_can_still_be_cancelled(live: Live) -> None:
    quote = await pick_quote(live.runtime, TENANT, "agente", open_quote("Preventivato"))
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": False})
    await _end_entry(live.runtime, "agente")

    undone = await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": True})

    assert undone == {"requestEmission": None, "status": "Preventivato"}


async def test_a_top_agent_cannot_ask_for_a_sub_agent_without_an_entry(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    quote = await pick_quote(live.runtime, TENANT, "agente", open_quote("Preventivato"))
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:  # the sub-agent's quote now
            stored = await session.get(m.Quote, quote.id)
            assert stored is not None
            stored.agent_id, stored.parent_agent_id = ids["subagente"], ids["agente"]
    await _end_entry(live.runtime, "subagente")
    agent = await live.logged_in(TENANT, "agente")  # his own entry is in force

    with pytest.raises(CallFailed, match="iscrizione RUI valida"):
        await agent.invoke("richiediEmissione", {"pId": quote.id, "undo": False})
    assert (await reload(live.runtime, TENANT, quote.id)).emission_requested_at is None


def test_the_message_is_italian_and_says_what_to_do() -> None:
    assert NO_VALID_RUI.startswith("Emissione non richiedibile")
    assert "RUI e formazione" in NO_VALID_RUI
