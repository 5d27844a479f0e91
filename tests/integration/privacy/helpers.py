"""A client of the agent's tree with its records, written directly, for the privacy tests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing.accounts import user_ids

TENANT = "assicurapp"


@dataclass
class Giulia:
    """The ids of the client and of each of its records."""

    client: str
    policy_old: str = ""
    policy_kept: str = ""
    quote_kept: str = ""
    quote_alone: str = ""
    claim_kept: str = ""
    claim_old: str = ""
    doc_policy: str = ""
    doc_quote: str = ""


def usr_data(name: str = "Giulia Verdi") -> list[dict[str, Any]]:
    return [
        {"_id": "nome", "value": name},
        {"_id": "cf", "type": "cf", "value": "VRDGLI80A41H501X"},
        {"_id": "email", "value": "giulia@example.it"},
    ]


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 10, tzinfo=UTC)


async def make_giulia(
    runtime: Runtime, *, policies: bool = True, in_force_until: date | None = None
) -> Giulia:
    """Giulia Verdi, of the agent's tree: a quote that led to a policy ended 31/03/2020, a
    policy ended 30/06/2014, a quote with no policy and its document, a claim on each
    policy, a document on the kept policy; with ``in_force_until`` one more policy ending
    then. Without ``policies`` only the lone quote."""
    ids = await user_ids(runtime, TENANT)
    agent = ids["agente"]
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            client = m.Client(
                name="Giulia Verdi", fiscal_code="VRDGLI80A41H501X", email="giulia@example.it",
                phone="+39 333 000 1111", agent_id=agent, owner_agent_id=agent,
                data={"address": "Via Po 1, Torino", "pec": "giulia@pec.it", "idType": "ci",
                      "idNumber": "CA1234567"},
            )  # fmt: skip
            session.add(client)
            await session.flush()
            tree = {"agent_id": agent, "parent_agent_id": agent, "client_id": client.id}
            found = Giulia(client=client.id)
            alone = m.Quote(usr_data=usr_data(), car={"targa": "AB123CD"}, at=_at(date(2025, 5, 2)),
                            **tree)  # fmt: skip
            session.add(alone)
            await session.flush()
            found.quote_alone = alone.id
            doc = m.Document(owner_kind="preventivo", owner_id=alone.id, name="patente.pdf",
                             uri=f"/upload/{alone.id}/patente.pdf", storage_key="k1")  # fmt: skip
            session.add(doc)
            await session.flush()
            found.doc_quote = doc.id
            if policies:
                await _policies(session, found, tree, in_force_until)
            await session.commit()
    return found


async def _policies(
    session: Any, found: Giulia, tree: dict[str, str], in_force_until: date | None
) -> None:
    quote = m.Quote(usr_data=usr_data(), at=_at(date(2019, 3, 1)), **tree)
    session.add(quote)
    await session.flush()
    kept = m.Policy(quote_id=quote.id, number="P-2019", company="Generali",
                    start_date=date(2019, 3, 31), end_date=date(2020, 3, 31),
                    premium=Decimal("500.00"), pr={"usrData": usr_data()}, **tree)  # fmt: skip
    old = m.Policy(number="P-2013", company="Allianz", start_date=date(2013, 6, 30),
                   end_date=date(2014, 6, 30), premium=Decimal("300.00"),
                   pr={"usrData": usr_data()}, **tree)  # fmt: skip
    session.add_all([kept, old])
    await session.flush()
    found.quote_kept, found.policy_kept, found.policy_old = quote.id, kept.id, old.id
    event = date(2020, 1, 15)
    claim_kept = m.Claim(policy_id=kept.id, event_date=event, known_on=event,
                         customer="Giulia Verdi", description="Tamponamento", **tree)  # fmt: skip
    claim_old = m.Claim(policy_id=old.id, event_date=date(2014, 5, 1), known_on=date(2014, 5, 1),
                        customer="Giulia Verdi", description="Grandine", **tree)  # fmt: skip
    session.add_all([claim_kept, claim_old])
    doc = m.Document(owner_kind="polizza", owner_id=kept.id, name="contratto.pdf",
                     uri=f"/upload/{kept.id}/contratto.pdf", storage_key="k2")  # fmt: skip
    session.add(doc)
    if in_force_until is not None:
        session.add(
            m.Policy(
                number="P-NOW",
                company="Generali",
                start_date=date(2026, 1, 1),
                end_date=in_force_until,
                pr={"usrData": usr_data()},
                **tree,
            )
        )
    await session.flush()
    found.claim_kept, found.claim_old, found.doc_policy = claim_kept.id, claim_old.id, doc.id
