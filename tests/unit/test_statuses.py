"""The quote status workflow (SPEC §4): the status table, who may select which status,
whom each alerts, the Preventivi chip and highlighted rows."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.quotes import statuses
from core.extensions import StatusDef
from tests.unit.principals import PRINCIPALS, ROLES, by_role

T, F = True, False

# --- Statuses -------------------------------------------------------------------------------


def test_default_statuses_match_spec_table() -> None:
    table = {
        s.id: (s.name, set(s.can_selected_by or ()), set(s.alert))
        for s in statuses.DEFAULT_STATUSES
    }
    managers = {"admin", "responsabile"}
    assert table == {
        0: ("In attesa di quotazione", managers, managers),
        1: ("Preventivato", managers, set()),
        2: ("Emissione richiesta", set(), managers),
        3: ("In lavorazione compagnia", managers, set()),
        4: ("Approvato dalla direzione", managers, {"admin"}),
        11: ("Preventivo di rinnovo", set(), managers),
        -1: ("Non approvato", managers, set()),
    }
    assert all(s.can_selected_by is not None for s in statuses.DEFAULT_STATUSES)


def test_merge_statuses_replaces_by_id_in_place_and_appends_new() -> None:
    base = (StatusDef(0, "A", None), StatusDef(1, "B", None))
    extra = (StatusDef(1, "B2", ("a",)), StatusDef(7, "C", ()))
    assert statuses.merge_statuses(base, extra) == (base[0], extra[0], extra[1])


OPEN = StatusDef(20, "Aperto a tutti", None)
AGENTS_ONLY = StatusDef(21, "Solo agenti", ("a",))
STATUSES = (*statuses.DEFAULT_STATUSES, OPEN, AGENTS_ONLY)
MANAGER_CHOICES = [
    "In attesa di quotazione",
    "Preventivato",
    "In lavorazione compagnia",
    "Approvato dalla direzione",
    "Non approvato",
    "Aperto a tutti",
]


@pytest.mark.parametrize(
    ("role", "names"),
    by_role(
        [
            ("admin", MANAGER_CHOICES),
            ("responsabile", MANAGER_CHOICES),
            ("e", ["Aperto a tutti"]),
            ("agent", ["Aperto a tutti", "Solo agenti"]),
            ("sub_agent", ["Aperto a tutti", "Solo agenti"]),
            ("segnalatore", ["Aperto a tutti"]),
            ("no_role", []),
        ]
    ),
)
def test_selectable_statuses(role: str, names: list[str]) -> None:
    selectable = statuses.selectable_statuses(PRINCIPALS[role], STATUSES)
    assert [status.name for status in selectable] == names


@pytest.mark.parametrize(
    ("role", "name", "expected"),
    [
        pytest.param("admin", "Preventivato", T, id="admin-preventivato"),
        pytest.param("admin", "Emissione richiesta", F, id="admin-nobody-status"),
        pytest.param("responsabile", "Approvato dalla direzione", T, id="responsabile-approvato"),
        pytest.param("agent", "Preventivato", F, id="agent-preventivato"),
        pytest.param("agent", "Aperto a tutti", T, id="agent-open-status"),
        pytest.param("admin", "Inesistente", F, id="admin-unknown-status"),
    ],
)
def test_can_select_status(role: str, name: str, expected: bool) -> None:
    assert statuses.can_select_status(PRINCIPALS[role], STATUSES, name) is expected


# --- Alerts and highlighting ----------------------------------------------------------------

#                                     admin resp  e  agent  sub  seg  none
STATUS_ALERTS: dict[str, tuple[bool, ...]] = {
    "In attesa di quotazione": (T, T, F, F, F, F, F),
    "Approvato dalla direzione": (T, F, F, F, F, F, F),
    "Preventivato": (F, F, F, F, F, F, F),
    "Inesistente": (F, F, F, F, F, F, F),
}


@pytest.mark.parametrize(
    ("role", "status", "expected"),
    [
        pytest.param(role, status, expected, id=f"{status}-{role}")
        for status, values in STATUS_ALERTS.items()
        for role, expected in zip(ROLES, values, strict=True)
    ],
)
def test_alerts_for(role: str, status: str, expected: bool) -> None:
    assert statuses.alerts_for(PRINCIPALS[role], status, STATUSES) is expected


QUOTES: dict[str, dict[str, Any]] = {
    "waiting": {"status": "In attesa di quotazione", "docStatus": 0},
    "approved": {"status": "Approvato dalla direzione", "docStatus": 0},
    "no_doc_status": {"status": "Preventivato"},
    "not_approved": {"status": "Preventivato", "docStatus": -1},
    "typed": {"type": "noleggio-auto", "status": "In attesa di quotazione", "docStatus": 0},
    "archived": {"status": "In attesa di quotazione", "archived": True},
    "quiet": {"status": "Preventivato", "docStatus": 0},
}


@pytest.mark.parametrize(
    ("role", "alerting"),
    by_role(
        [
            ("admin", {"waiting", "approved", "no_doc_status"}),
            ("responsabile", {"waiting", "no_doc_status"}),
            ("e", set()),
            ("agent", {"not_approved"}),
            ("sub_agent", {"not_approved"}),
            ("segnalatore", {"not_approved"}),
            ("no_role", set()),
        ]
    ),
)
def test_quote_alerts(role: str, alerting: set[str]) -> None:
    principal = PRINCIPALS[role]
    found = {k for k, quote in QUOTES.items() if statuses.quote_alerts(principal, quote, STATUSES)}
    assert found == alerting


HIGHLIGHT_QUOTES: dict[str, dict[str, Any]] = {
    "no_status": {"docStatus": 0},
    "waiting": {"status": "In attesa di quotazione"},
    "approved": {"status": "Approvato dalla direzione"},
    "quiet": {"status": "Preventivato"},
}


@pytest.mark.parametrize(
    ("role", "highlighted"),
    by_role(
        [
            ("admin", {"no_status", "waiting", "approved"}),
            ("responsabile", {"no_status", "waiting"}),
            ("e", {"no_status"}),
            ("agent", {"no_status"}),
            ("sub_agent", {"no_status"}),
            ("segnalatore", {"no_status"}),
            ("no_role", set()),
        ]
    ),
)
def test_row_highlighted(role: str, highlighted: set[str]) -> None:
    principal = PRINCIPALS[role]
    rows = HIGHLIGHT_QUOTES.items()
    assert {k for k, quote in rows if statuses.row_highlighted(principal, quote, STATUSES)} == (
        highlighted
    )
