"""What issuing a policy checks: one number per company and tenant (also when two admins
issue at the same moment), the quote's documents neither refused nor missing unless an admin
says why, a start date far in the past confirmed; and what it leaves: a quote that reads as
issued, its documents on the policy."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from core.context import tenant_scope
from core.db import models as m
from core.domain.quotes.links import mint_code
from core.i18n import today_in_rome
from core.testing import CallFailed, Live, ScClient, reload
from tests.realtime.policy_records import load_policy, new_quote

TENANT = "assicurapp"
REASON = "Documenti verificati in agenzia dal titolare"


def _issue(number: str = "AZ-77", start: date | None = None, **extra: Any) -> dict[str, Any]:
    first = start or today_in_rome()
    return {
        "number": number, "startDate": first.isoformat(),
        "endDate": first.replace(year=first.year + 1).isoformat(), "paymentMethod": "Bonifico",
        **extra,
    }  # fmt: skip


async def _requested(live: Live, admin: ScClient, *, documents: bool = True) -> str:
    """A quote priced with Allianz and Generali, Allianz chosen by its agent."""
    quote_id = await new_quote(live.runtime, TENANT, documents=documents)
    await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Allianz", "tot": 600})
    await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Generali", "tot": 650})
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    return quote_id


async def _policies_numbered(live: Live, key: str) -> int:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(func.count(m.Policy.id)).where(m.Policy.number_key == key)
            return int((await session.execute(stmt)).scalar_one())


async def test_a_number_is_used_once_per_company(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    first = await _requested(live, admin)
    await admin.invoke("emettiPolizza", {"pId": first, **_issue("AZ-2026 0001")})
    second = await _requested(live, admin)
    for number in ("AZ-2026 0001", "az-20260001", " AZ - 2026 0001 "):  # same key
        with pytest.raises(CallFailed) as refused:
            await admin.invoke("emettiPolizza", {"pId": second, **_issue(number)})
        assert refused.value.name == "Conflict"
        assert refused.value.message == (
            f"Il numero di polizza {number.strip()} è già usato per Allianz"
        )
    stored = await reload(live.runtime, TENANT, second)
    assert "policyId" not in stored.quote
    # another company may use the same number
    policy = await admin.invoke(
        "emettiPolizza", {"pId": second, "company": "Generali", **_issue("AZ-2026 0001")}
    )
    assert policy["company"] == "Generali"
    assert await _policies_numbered(live, "AZ-20260001") == 2


async def test_the_unique_index_decides_without_the_check(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the early look-up gone, the database's index still refuses the second number,
    and the call answers the same 409 instead of a server error."""

    async def nothing(*_args: object) -> None:
        return None

    monkeypatch.setattr("core.domain.policies.issue.ensure_free", nothing)
    admin = await live.logged_in(TENANT, "admin")
    first, second = await _requested(live, admin), await _requested(live, admin)
    await admin.invoke("emettiPolizza", {"pId": first, **_issue("IDX-1")})
    with pytest.raises(CallFailed, match="Il numero di polizza idx-1 è già usato per Allianz"):
        await admin.invoke("emettiPolizza", {"pId": second, **_issue("idx-1")})
    assert "policyId" not in (await reload(live.runtime, TENANT, second)).quote
    assert await _policies_numbered(live, "IDX-1") == 1


async def test_two_admins_issuing_the_same_number_at_once(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    other_admin = await live.logged_in(TENANT, "admin")
    quotes = [await _requested(live, admin) for _ in range(2)]
    results = await asyncio.gather(
        *(
            who.invoke("emettiPolizza", {"pId": quote_id, **_issue("RACE-1")})
            for who, quote_id in zip((admin, other_admin), quotes, strict=True)
        ),
        return_exceptions=True,
    )
    failed = [r for r in results if isinstance(r, BaseException)]
    assert len(failed) == 1, results
    assert isinstance(failed[0], CallFailed)
    assert (failed[0].name, failed[0].message) == (
        "Conflict", "Il numero di polizza RACE-1 è già usato per Allianz",
    )  # fmt: skip
    assert await _policies_numbered(live, "RACE-1") == 1


async def test_the_database_refuses_a_duplicate_key_written_directly(live: Live) -> None:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            existing = (
                (await session.execute(select(m.Policy).where(m.Policy.company == "Allianz")))
                .scalars()
                .first()
            )
            assert existing is not None
            assert existing.number is not None
            session.add(
                m.Policy(company="Allianz", number=existing.number.lower().replace("-", "-  "))
            )
            with pytest.raises(IntegrityError):
                await session.flush()
            await session.rollback()


async def test_refused_documents_stop_the_issue_until_an_admin_says_why(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin)
    manager = await live.logged_in(TENANT, "responsabile")
    await manager.invoke(
        "saveData", {"coll": "preventivi", "_id": quote_id, "upd": {"$set": {"docStatus": -1}}}
    )
    with pytest.raises(CallFailed) as refused:
        await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("DOC-1")})
    assert str(refused.value.message).startswith("I documenti del preventivo sono stati rifiutati")
    assert (refused.value.error["check"], refused.value.error["documents"]) == (
        "documents", "refused",
    )  # fmt: skip
    for short in ("", "   ok     ", "x" * 501):
        with pytest.raises(CallFailed, match=r"Dati non validi|almeno 10 caratteri"):
            await admin.invoke(
                "emettiPolizza", {"pId": quote_id, **_issue("DOC-1"), "overrideReason": short}
            )
    assert "policyId" not in (await reload(live.runtime, TENANT, quote_id)).quote

    policy = await admin.invoke(
        "emettiPolizza", {"pId": quote_id, **_issue("DOC-1"), "overrideReason": f"  {REASON} "}
    )
    override = policy["issueOverride"]
    assert (override["reason"], override["documents"], override["by"]) == (
        REASON, "refused", admin.user_id,
    )  # fmt: skip
    stored = await load_policy(live.runtime, TENANT, policy["_id"])
    assert stored.issue_override == override
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.AuditEntry).where(
                m.AuditEntry.entity == "policies",
                m.AuditEntry.entity_id == policy["_id"],
                m.AuditEntry.action == "insert",
            )
            entry = (await session.execute(stmt)).scalars().one()
    assert entry.actor_id == admin.user_id
    assert entry.changes["issue_override"]["reason"] == REASON


async def test_a_quote_without_documents_is_not_issued_without_a_reason(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _requested(live, admin, documents=False)
    with pytest.raises(CallFailed) as refused:
        await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("DOC-2")})
    assert str(refused.value.message).startswith("Il preventivo non ha documenti caricati")
    assert refused.value.error["documents"] == "missing"
    policy = await admin.invoke(
        "emettiPolizza", {"pId": quote_id, **_issue("DOC-2"), "overrideReason": REASON}
    )
    assert policy["issueOverride"]["documents"] == "missing"


async def test_a_start_far_in_the_past_needs_a_confirmation(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    today = today_in_rome()
    quote_id = await _requested(live, admin)
    with pytest.raises(CallFailed) as refused:  # ten months back, as the finding had it
        await admin.invoke(
            "emettiPolizza", {"pId": quote_id, **_issue("P-1", today - timedelta(days=300))}
        )
    assert refused.value.message == (
        "La decorrenza è di 300 giorni fa, oltre i 30 ammessi: conferma la retrodatazione"
    )
    assert (refused.value.error["check"], refused.value.error["max"]) == ("pastStart", 30)
    assert "policyId" not in (await reload(live.runtime, TENANT, quote_id)).quote
    with pytest.raises(CallFailed, match="Dati non validi"):
        await admin.invoke(
            "emettiPolizza",
            {
                "pId": quote_id,
                **_issue("P-1", today - timedelta(days=300)),
                "confirmPastStart": "si",
            },
        )
    policy = await admin.invoke(
        "emettiPolizza",
        {"pId": quote_id, **_issue("P-1", today - timedelta(days=300)), "confirmPastStart": True},
    )
    assert policy["startDate"] == (today - timedelta(days=300)).isoformat()

    within = await _requested(live, admin)  # 30 days back is the limit itself: no question
    await admin.invoke(
        "emettiPolizza", {"pId": within, **_issue("P-2", today - timedelta(days=30))}
    )

    await admin.invoke("salvaImpostazioni", {"retrodatazioneMaxGiorni": 0})
    strict = await _requested(live, admin)
    with pytest.raises(CallFailed, match="1 giorni fa, oltre i 0 ammessi"):
        await admin.invoke(
            "emettiPolizza", {"pId": strict, **_issue("P-3", today - timedelta(days=1))}
        )
    await admin.invoke("emettiPolizza", {"pId": strict, **_issue("P-3", today)})
    for bad in (-1, 5000, "30", 2.5):
        with pytest.raises(CallFailed, match=r"^Dati non validi: .*\(retrodatazioneMaxGiorni\)$"):
            await admin.invoke("salvaImpostazioni", {"retrodatazioneMaxGiorni": bad})
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match=r"^Operazione non consentita per il tuo ruolo$"):
        await agent.invoke("salvaImpostazioni", {"retrodatazioneMaxGiorni": 365})


async def test_after_issue_the_quote_reads_issued_and_its_documents_follow(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    quote_id = await _requested(live, admin)
    before = await reload(live.runtime, TENANT, quote_id)
    (document_id,) = before.allegati["libretto"]["files"]
    await agent.subscribe("preventivi")
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("ISS-1")})

    seen: dict[str, Any] = {}
    while seen.get("_id") != quote_id or "policyId" not in seen.get("quote", {}):
        seen = (await agent.published("preventivi")).get("p", {})
    assert (seen["quote"]["policyId"], seen["quote"]["policyNumber"]) == (policy["_id"], "ISS-1")
    assert seen["allegati"] == {}

    tenant = live.runtime.tenants.get(TENANT)
    assert tenant is not None
    code = mint_code(live.runtime.settings, tenant, quote_id, "x")
    host = tenant.domains[0]
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        answer = await http.get(f"/api/public/quotes/{quote_id}/{code}", headers={"host": host})
    shown = answer.json()["quote"]
    assert shown["issued"] == {"number": "ISS-1"}

    assert policy["allegati"]["libretto"] == {"name": "Libretto", "files": [document_id]}
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            document = await session.get(m.Document, document_id)
    assert document is not None
    assert (document.owner_kind, document.owner_id) == ("polizza", policy["_id"])
    # the same people read it: the quote's agent does, another tenant's agent does not
    await agent.subscribe("dbData")
    await agent.invoke("getDbData", {"docs": [document_id]})
    batch = await agent.published("dbData")
    assert batch["docs"][document_id]["owner"] == {"kind": "polizza", "id": policy["_id"]}
    other = await live.logged_in("rcadealer", "admin")
    await other.subscribe("dbData")
    await other.invoke("getDbData", {"docs": [document_id]})
    assert not (await other.published("dbData")).get("docs")
