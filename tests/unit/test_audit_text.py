"""Worked activity-log entries, described without a database: phrases, names, labels in the
tenant's words, values as the screens show them, bounds, and a table nobody describes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.db import models as m
from core.db.audit_kinds import Names
from core.db.audit_text import MAX_FIELDS, describe_entries, role_label
from core.domain.settings.activity_kinds import CORE_KINDS

KINDS = {kind.table: kind for kind in CORE_KINDS}
DEALER = {"agent": "Car Dealer", "agents": "Dealers", "subagent": "Venditore"}
NAMES = Names(
    users={"u1": "Alessandra Amministratrice", "u2": "Mario Rossi"},
    products={"p1": "RC Auto"},
    wording=DEALER,
)
ROLES = {"u1": "Amministratore", "u2": "Car Dealer"}


def _entry(
    entity: str, action: str, changes: dict[str, Any], actor: str | None = "u1"
) -> m.AuditEntry:
    return m.AuditEntry(
        id="e1", tenant_id="t", actor_id=actor, entity=entity, entity_id="r1", action=action,
        changes=changes, at=datetime(2026, 3, 5, 9, 7, 1, 123456, tzinfo=UTC),
    )  # fmt: skip


def _one(entry: m.AuditEntry, row: dict[str, Any] | None = None) -> dict[str, Any]:
    rows = {(entry.entity, entry.entity_id): row} if row is not None else {}
    [described] = describe_entries([entry], KINDS, NAMES, ROLES, rows)
    return described


def test_an_instalment_collected() -> None:
    entry = _entry(
        "policy_instalments", "update",
        {"paid": [False, True], "paid_at": [None, "2026-03-05T09:07:01+00:00"],
         "paid_method": [None, "Bonifico"]},
    )  # fmt: skip
    policy: dict[str, Any] = {"number": "AZ-876B20", "company": "Allianz", "pr": {}}
    rows = {
        ("policy_instalments", "r1"): {"number": 2, "policy_id": "p9"},
        ("policies", "p9"): policy,
    }
    [described] = describe_entries([entry], KINDS, NAMES, ROLES, rows)
    assert described["what"] == "ha incassato la rata"
    assert described["record"] == "rata 2 della polizza AZ-876B20 Allianz"
    assert described["changes"] == [
        {"label": "Incassata", "old": "No", "new": "Sì"},
        # 09:07 UTC is 10:07 in Rome in March (CET, +1)
        {"label": "Incassata il", "old": "—", "new": "05/03/2026 10:07"},
        {"label": "Metodo di pagamento", "old": "—", "new": "Bonifico"},
    ]


def test_a_deleted_quote_is_named_from_what_it_held() -> None:
    entry = _entry(
        "quotes", "delete",
        {"status": "Preventivato", "product_id": "p1", "archived": False,
         "usr_data": [{"_id": "nome", "value": "Luca Bianchi"}], "wire": "secret-payload"},
    )  # fmt: skip
    described = _one(entry)  # the row is gone
    assert described["what"] == "ha eliminato il preventivo"
    assert described["record"] == "Luca Bianchi (RC Auto)"
    assert {"label": "Stato", "old": "Preventivato", "new": None} in described["changes"]
    assert "secret-payload" not in str(described)


def test_labels_and_values_in_the_tenants_words() -> None:
    entry = _entry(
        "policies", "update",
        {"agent_total": ["80.00", "1200.5"], "agent_id": ["u2", "u9"]}, actor="u2",
    )  # fmt: skip
    described = _one(entry, {"number": "AZ-1", "company": "Allianz", "pr": {}})
    assert (described["who"], described["role"]) == ("Mario Rossi", "Car Dealer")
    assert described["what"] == "ha modificato la polizza"
    assert described["record"] == "AZ-1 Allianz"
    assert described["changes"] == [
        # 1200.5 → '1.200,50 €': thousands point, two decimals
        {"label": "Provvigione Car Dealer", "old": "80,00 €", "new": "1.200,50 €"},
        {"label": "Car Dealer", "old": "Mario Rossi", "new": "utente eliminato"},
    ]


def test_customer_fields_one_line_each() -> None:
    name = {"_id": "nome", "name": "Nome e cognome", "value": "Luca Bianchi"}
    born = {"_id": "nascita", "name": "Data di nascita", "type": "data"}
    old = [name, {**born, "value": "1980-01-01"}]
    new = [name, {**born, "value": "1980-01-02"}]
    described = _one(_entry("quotes", "update", {"usr_data": [old, new]}), {"usr_data": new})
    assert described["changes"] == [
        {"label": "Data di nascita", "old": "01/01/1980", "new": "02/01/1980"}
    ]


def test_bounded_and_unknown() -> None:
    many = {f"col{i}": [i, i + 1] for i in range(30)}
    described = describe_entries(
        [_entry("somebody_elses_table", "update", many, actor=None)], KINDS, NAMES, ROLES, {}
    )[0]
    assert (described["who"], described["what"], described["changes"]) == (
        "Sistema", "ha modificato un record", [],
    )  # fmt: skip
    usr_data = [[{"_id": f"f{i}", "value": "a"} for i in range(20)],
                [{"_id": f"f{i}", "value": "b" * 500} for i in range(20)]]  # fmt: skip
    long = _one(_entry("quotes", "update", {"usr_data": usr_data}), {})
    assert len(long["changes"]) == MAX_FIELDS
    assert long["more"] == 20 - MAX_FIELDS
    assert all(len(line["new"]) <= 80 for line in long["changes"])


def test_roles_in_words() -> None:
    assert role_label({"admin": True, "a": {}}, DEALER) == "Amministratore"
    assert role_label({"a": {"aId": "u2"}}, DEALER) == "Venditore"
    assert role_label({"a": {"type": "agente"}}, {}) == "Agente"
    assert role_label({"segnalatore": True}, DEALER) == "Segnalatore"
    assert role_label(None, DEALER) == ""
