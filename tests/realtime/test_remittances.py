"""Remittances over the socket: ``emettiRimessa``, ``pagaRimessa``, ``risolviDifferenza``
and the readers, admins only, with the same messages as over HTTP; the ``rimesse`` stream
carries each change to the tenant's admins, live, and to nobody else."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from core.testing import CallFailed, Live, ScClient, sentinel, token_for
from tests.integration.remittances.example import FIRST, LAST, seed_example

TENANT = "assicurapp"
ADMINS_ONLY = "Solo gli amministratori gestiscono le rimesse alle compagnie"


async def _event_for(client: ScClient, record_id: str) -> dict[str, Any]:
    """The next ``rimesse`` event about ``record_id`` (others are skipped)."""
    while True:
        item: dict[str, Any] = (await client.published("rimesse")).get("r", {})
        if item.get("_id") == record_id:
            return item


async def test_remittances_live_for_admins_only(live: Live) -> None:
    company = f"Compagnia {secrets.token_hex(3)}"
    await seed_example(live.runtime, TENANT, company)
    admin = await live.logged_in(TENANT, "admin")
    stranger = await live.logged_in("rcadealer", "admin")
    for client in (admin, stranger):
        await client.subscribe("rimesse")
    for who in ("agente", "subagente", "responsabile", "dipendente"):
        refused = await live.logged_in(TENANT, who)
        with pytest.raises(CallFailed, match="Non puoi iscriverti"):
            await refused.subscribe("rimesse")

    figures = await admin.invoke(
        "rimesseCifre", {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    )
    # by hand (tests/integration/remittances): 708.00 gross, 62.00 retained, 646.00 to remit
    assert figures["totals"] == {"rows": 5, "gross": 708, "commission": 62, "amount": 646}
    issued = await admin.invoke(
        "emettiRimessa", {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    )
    seen = await _event_for(admin, issued["_id"])
    assert (seen["amount"], seen["status"]) == (646, "da_pagare")
    with pytest.raises(CallFailed, match="si sovrappone"):
        await admin.invoke("emettiRimessa", {"company": company, "from": "2026-10-31",
                                             "to": "2026-11-01"})  # fmt: skip
    assert issued["_id"] in {r["_id"] for r in await admin.invoke("rimesse", {})}

    async with live.http(TENANT) as http:
        token = await token_for(live.runtime, TENANT, "admin@demo.it")
        uploaded = await http.post(
            f"/api/rimesse/{issued['_id']}/estratto",
            files={"file.0": ("e.csv", b"Polizza;Rata;Importo\nES-001;1;122,00\n")},
            headers={"Authorization": f"Bearer {token}"},
        )
    assert uploaded.status_code == 201, uploaded.text
    # ES-001 rata 1 agrees; rata 2, ES-002's two rows and ES-003 are not on it: 4 open
    assert (await _event_for(admin, issued["_id"]))["openDifferences"] == 4
    read = await admin.invoke("riconciliazioneRimessa", {"remittanceId": issued["_id"]})
    first = read["items"][0]
    assert first["result"] == "non_in_estratto"
    note = {"lineId": first["_id"], "note": "Nel prossimo estratto"}
    resolved = await admin.invoke("risolviDifferenza", note)
    assert resolved["resolved"] is True
    assert (await _event_for(admin, issued["_id"]))["openDifferences"] == 3

    paid = await admin.invoke("pagaRimessa", {"remittanceId": issued["_id"],
                                              "paidOn": "2026-11-04", "method": "Bonifico",
                                              "reference": "CRO 123"})  # fmt: skip
    assert (paid["status"], paid["method"]) == ("pagata", "bonifico")
    assert (await _event_for(admin, issued["_id"]))["status"] == "pagata"
    again = {"remittanceId": issued["_id"], "paidOn": "2026-11-04", "method": "bonifico"}
    with pytest.raises(CallFailed, match="già pagata"):
        await admin.invoke("pagaRimessa", again)
    # the other tenant heard nothing, and cannot reach it
    await sentinel(live, stranger, "rcadealer", "rimesse")
    with pytest.raises(CallFailed, match="Rimessa non trovata"):
        await stranger.invoke("riconciliazioneRimessa", {"remittanceId": issued["_id"]})
    with pytest.raises(CallFailed, match="non trovata"):
        await stranger.invoke("risolviDifferenza", {"lineId": first["_id"], "note": "x"})


async def test_the_calls_refuse_other_roles(live: Live) -> None:
    company = f"Compagnia {secrets.token_hex(3)}"
    await seed_example(live.runtime, TENANT, company)
    admin = await live.logged_in(TENANT, "admin")
    issued = await admin.invoke(
        "emettiRimessa", {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    )
    for who in ("agente", "subagente", "responsabile", "dipendente", "segnalatore"):
        client = await live.logged_in(TENANT, who)
        for call, payload in (
            ("rimesseCifre", {"company": company}), ("rimesse", {}),
            ("emettiRimessa", {"company": company, "from": "2026-09-01", "to": "2026-09-30"}),
            ("pagaRimessa", {"remittanceId": issued["_id"], "paidOn": "2026-11-04",
                             "method": "bonifico"}),
            ("riconciliazioneRimessa", {"remittanceId": issued["_id"]}),
            ("risolviDifferenza", {"lineId": "x", "note": "x"}),
        ):  # fmt: skip
            with pytest.raises(CallFailed, match=ADMINS_ONLY):
                await client.invoke(call, payload)
    bad: list[tuple[str, Any, str]] = [
        ("emettiRimessa", {"company": company}, "Dati non validi"),
        ("emettiRimessa", [], "Dati non validi"),
        ("rimesseCifre", {"company": company, "from": "2026-10-31", "to": "2026-10-01"},
         "Periodo non valido"),
        ("pagaRimessa", {"remittanceId": issued["_id"], "paidOn": "2026-11-04",
                         "method": "baratto"}, "Metodo di pagamento non previsto"),
        ("pagaRimessa", {"remittanceId": "x" * 33}, "Dati non validi"),
        ("risolviDifferenza", {"lineId": "nessuna", "note": "x"}, "non trovata"),
    ]  # fmt: skip
    for call, payload, message in bad:
        with pytest.raises(CallFailed, match=message):
            await admin.invoke(call, payload)
