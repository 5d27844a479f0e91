"""The activity log in words: who (name and role in the tenant's words), what, which record by
name, and the changed fields with their labels and values as the screens show them; long
values cut, secrets never shown, no entry of another tenant."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select

from core.context import acting_as, tenant_scope
from core.db import audit_kinds as k
from core.db import models as m
from core.db.audit_kinds import AuditField, RecordKind
from core.hookspecs import hookimpl
from core.runtime import Runtime
from core.testing import ClientFactory, PluginKit
from tests.integration.people.helpers import TENANT, call, demo_ids

pytestmark = pytest.mark.usefixtures("seeded")


async def _log(clients: ClientFactory, runtime: Runtime, query: str, tenant: str = TENANT) -> Any:
    response = await call(clients, runtime, "admin", "GET", f"/api/audit?{query}", tenant=tenant)
    assert response.status_code == 200, response.text
    return response.json()


def _line(entry: dict[str, Any], label: str) -> dict[str, Any]:
    return next(line for line in entry["changes"] if line["label"] == label)


async def test_an_issued_policy_and_a_status_change_read_in_words(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    customer = [{"_id": "Nome", "value": "Lucia"}, {"_id": "Cognome", "value": "Verdi"}]
    with tenant_scope(TENANT), acting_as(ids["admin"]):
        async with seeded.db.session() as session:
            policy = m.Policy(
                number="AZ-876B20", company="Allianz", premium=Decimal("1050.00"),
                start_date=date(2026, 3, 5), end_date=date(2027, 3, 5), frequency="SEM",
                pr={"usrData": customer}, agent_id=ids["agente"],
            )  # fmt: skip
            session.add(policy)
            quote = (
                (await session.execute(select(m.Quote).where(m.Quote.status == "Preventivato")))
                .scalars()
                .first()
            )
            assert quote is not None
            quote.status = "In lavorazione compagnia"
            rata = m.Instalment(number=1, total=Decimal("525.00"), cassa_date=date(2026, 3, 5))
            policy.instalments.append(rata)
        policy_id, quote_id = policy.id, quote.id
        async with seeded.db.session() as session:
            stored = await session.get(m.Instalment, rata.id)
            assert stored is not None
            stored.paid, stored.paid_method = True, "Bonifico"

    [issued] = await _log(clients, seeded, f"entity=policies&entityId={policy_id}")
    assert issued["who"] == "Alessandra Amministratrice"
    assert issued["role"] == "Amministratore"
    assert issued["what"] == "ha emesso la polizza"
    assert issued["record"] == "AZ-876B20 Allianz · Lucia Verdi"
    # 1050 → '1.050,00 €': the thousands point and two decimals, as on the policy screen
    assert _line(issued, "Premio") == {"label": "Premio", "old": None, "new": "1.050,00 €"}
    assert _line(issued, "Scadenza")["new"] == "05/03/2027"
    assert _line(issued, "Decorrenza")["new"] == "05/03/2026"
    assert _line(issued, "Frazionamento")["new"] == "Semestrale"
    assert _line(issued, "Agente")["new"] == "Mario Rossi"
    assert policy_id not in str(issued["changes"])

    [collected] = await _log(
        clients, seeded, f"entity=policy_instalments&entityId={rata.id}&action=update"
    )
    assert collected["what"] == "ha incassato la rata"
    assert collected["record"] == "rata 1 della polizza AZ-876B20 Allianz · Lucia Verdi"
    assert {"label": "Metodo di pagamento", "old": "—", "new": "Bonifico"} in collected["changes"]

    [moved] = await _log(clients, seeded, f"entity=quotes&entityId={quote_id}&action=update")
    assert moved["what"] == "ha cambiato lo stato del preventivo"
    assert moved["changes"] == [
        {"label": "Stato", "old": "Preventivato", "new": "In lavorazione compagnia"}
    ]
    assert moved["record"]
    assert quote_id not in moved["record"]


async def test_the_role_reads_in_the_tenants_words(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await demo_ids(seeded, "rcadealer")
    with tenant_scope("rcadealer"), acting_as(ids["agente"]):
        async with seeded.db.session() as session:
            agent = await session.get(m.User, ids["subagente"])
            assert agent is not None
            agent.name = "Sara B."
    entries = await _log(clients, seeded, f"entity=users&entityId={ids['subagente']}", "rcadealer")
    assert entries[0]["role"] == "Car Dealer"
    assert entries[0]["record"] == "Sara B."
    assert "agente" not in str(entries[0]).lower().replace("subagente@", "")
    assert entries[0]["changes"] == [{"label": "Nome", "old": "Sara Bianchi", "new": "Sara B."}]
    theirs = await _log(clients, seeded, "entity=users")
    assert all(e["entityId"] != ids["subagente"] for e in theirs)  # another tenant's log


async def test_secrets_never_show_and_long_values_are_cut(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    with tenant_scope(TENANT), acting_as(ids["admin"]):
        async with seeded.db.session() as session:
            user = await session.get(m.User, ids["dipendente"])
            product = (await session.execute(select(m.Product))).scalars().first()
            assert user is not None
            assert product is not None
            user.password_hash = "$argon2id$v=19$secret-hash-value"
            user.end_sessions()
            product.description = "Copertura " * 60
            product_id = product.id
    changed = (
        await _log(clients, seeded, f"entity=users&entityId={ids['dipendente']}&action=update")
    )[0]
    assert changed["what"] == "ha cambiato la password dell'utente"
    assert changed["changes"] == [{"label": "Password", "old": None, "new": "modificato"}]
    everything = str(await _log(clients, seeded, ""))
    assert "argon2" not in everything
    assert "secret-hash" not in everything
    described = (
        await _log(clients, seeded, f"entity=products&entityId={product_id}&action=update")
    )[0]
    line = _line(described, "Descrizione")
    assert len(line["new"]) == k.MAX_VALUE
    assert line["new"].endswith("…")


class _Notes:
    """A line that names its own table's records and replaces core's words for quotes."""

    KIND = RecordKind(
        table="quotes", label="Pratiche", noun="la pratica", created="ha aperto la pratica",
        name=lambda row, _names: f"pratica {row.get('status')}",
        fields={"status": AuditField("Fase")},
    )  # fmt: skip

    @hookimpl
    def audit_record_kinds(self) -> list[RecordKind]:
        return [self.KIND]


def test_a_plugin_registers_its_record_kinds(plugin_kit: PluginKit) -> None:
    with plugin_kit(_Notes()) as (runtime, _app):
        assert runtime.record_kinds["quotes"] is _Notes.KIND  # a later plugin wins
        assert runtime.record_kinds["rca_plates"].label == "Targhe"
        assert runtime.record_kinds["noleggio_auto_cars"].fields["monthly_fee"].show is k.euro


def test_the_formatters_show_values_as_the_screens_do() -> None:
    assert k.euro("1050") == "1.050,00 €"
    assert k.euro(Decimal("1234567.005")) == "1.234.567,01 €"  # half-up at the cent
    assert k.euro("-12.5") == "-12,50 €"
    assert k.rate("22.25") == "22,25 %"
    assert k.day("2026-03-05") == "05/03/2026"
    assert k.day(date(2026, 12, 31)) == "31/12/2026"
    # 10:30 UTC is 12:30 in Rome in summer (CEST, +2) and 11:30 in winter (CET, +1)
    assert k.rome_time("2026-07-01T10:30:00.123456+00:00") == "01/07/2026 12:30"
    assert k.rome_time("2026-01-15T10:30:00") == "15/01/2026 11:30"
    assert k.yes_no(True) == "Sì"
    assert k.cut("x" * 200) == "x" * 79 + "…"
    assert k.Names(wording={"agent": "Car Dealer"}).words("Provvigione {agent}") == (
        "Provvigione Car Dealer"
    )


async def test_the_filter_lists_every_registered_kind(
    clients: ClientFactory, seeded: Runtime
) -> None:
    kinds = (await call(clients, seeded, "admin", "GET", "/api/audit/kinds")).json()
    assert {"value": "quotes", "label": "Preventivi"} in kinds
    assert {"value": "noleggio_auto_cars", "label": "Auto a noleggio"} in kinds
    refused = await call(clients, seeded, "agente", "GET", "/api/audit/kinds")
    assert refused.status_code == 403
