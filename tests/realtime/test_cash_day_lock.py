"""A closed cash day over the socket: a prepaid policy cannot be paid on it."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.testing import CallFailed, Live
from tests.realtime.test_policy_workflow import ISSUE, TENANT, _quoted


async def test_a_prepaid_policy_is_not_paid_on_a_closed_day(live: Live) -> None:
    """Once today's cash is closed, issuing a prepaid policy (paid now) is refused with the
    closed day's message, and nothing is issued."""
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("chiudiCassa", {"day": today_in_rome().isoformat()})
    quote_id = await _quoted(live, admin)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Generali"})
    with pytest.raises(CallFailed, match="chiusa"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE, "prepaid": True})
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            issued = await session.execute(select(m.Policy).where(m.Policy.quote_id == quote_id))
            assert issued.first() is None
