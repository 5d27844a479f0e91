"""Role rules of SPEC §4 and §6, one table row per role and rule."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

import pytest

from core import permissions as perm
from core.auth.principal import Principal
from core.extensions import MenuEntry
from tests.unit.principals import PRINCIPALS, by_role, role_rows

T, F = True, False

# --- Menu predicates and other yes/no permissions -------------------------------------------

#                                  admin resp  e  agent  sub  seg  none
PREDICATES: dict[Callable[..., Any], tuple[Any, ...]] = {
    perm.sees_users: (T, F, T, F, F, F, F),
    perm.sees_home: (F, F, F, T, T, F, F),
    perm.sees_nuova_quotazione: (F, F, F, T, T, F, F),
    perm.sees_work: (T, T, F, T, T, T, F),
    perm.sees_products: (T, T, F, F, F, F, F),
    perm.sees_balance: (F, F, F, T, F, F, F),
    perm.sees_cash_sheet: (T, F, F, F, F, F, F),
    perm.sees_settings: (T, F, F, F, F, F, F),
    perm.sees_clients: (T, F, F, T, T, F, F),
    perm.sees_documents: (T, T, T, T, T, T, F),
    perm.sees_plates: (T, T, F, T, T, T, F),
    perm.can_edit: (T, T, F, F, F, F, F),
    perm.can_upload_documents: (T, T, F, F, F, F, F),
    perm.can_delete_documents: (T, T, F, F, F, F, F),
    perm.gets_otp_dialog: (T, F, F, F, F, F, F),
    perm.gets_platform_support_chat: (F, T, T, T, T, T, F),
    perm.sees_collaborator_filter: (T, T, T, F, F, T, F),
    perm.creates_quotes_for_self: (F, F, F, T, T, F, F),
    perm.sees_platform_earnings: (T, T, T, F, F, T, F),
    perm.can_request_emission: (F, F, F, T, T, F, F),
}


@pytest.mark.parametrize(("role", "rule", "expected"), role_rows(PREDICATES))
def test_predicate(role: str, rule: Callable[[Principal], bool], expected: bool) -> None:
    assert rule(PRINCIPALS[role]) is expected


ALL_STREAMS = {"preventivi", "polizze", "usr", "chat", "targhe", "products", "settings", "docs"}


@pytest.mark.parametrize(
    ("role", "streams"),
    by_role(
        [
            ("admin", ALL_STREAMS),
            ("responsabile", ALL_STREAMS),
            ("e", {"usr"}),
            ("agent", ALL_STREAMS),
            ("sub_agent", ALL_STREAMS),
            ("segnalatore", ALL_STREAMS),
            ("no_role", set()),
        ]
    ),
)
def test_subscribed_streams(role: str, streams: set[str]) -> None:
    assert perm.subscribed_streams(PRINCIPALS[role]) == streams


def test_employee_flag_wins_over_admin_for_streams() -> None:
    both = Principal("x", "t1", {"admin": True, "e": True})
    assert perm.subscribed_streams(both) == {"usr"}


@pytest.mark.parametrize(
    ("role", "expected"),
    by_role(
        [
            ("admin", set()),
            ("responsabile", set()),
            ("e", set()),
            ("agent", set()),
            ("sub_agent", set()),
            ("segnalatore", {"ag2"}),
            ("no_role", set()),
        ],
    ),
)
def test_referred_users(role: str, expected: set[str]) -> None:
    assert perm.referred_users(PRINCIPALS[role]) == expected


# --- Extra products and the menu ------------------------------------------------------------

OFFERED = ("noleggio-auto", "prestiti")


@pytest.mark.parametrize(
    ("role", "product", "offered", "expected"),
    [
        pytest.param("admin", "prestiti", OFFERED, T, id="admin-offered"),
        pytest.param("admin", "mutui", OFFERED, F, id="admin-not-offered"),
        pytest.param("agent", "noleggio-auto", OFFERED, T, id="agent-own-offered"),
        pytest.param("agent", "prestiti", OFFERED, F, id="agent-not-own"),
        pytest.param("agent", "noleggio-auto", ("prestiti",), F, id="agent-own-not-offered"),
        pytest.param("responsabile", "prestiti", OFFERED, F, id="responsabile-not-own"),
        pytest.param("no_role", "noleggio-auto", OFFERED, F, id="no_role-own-offered"),
    ],
)
def test_sees_extra_product(role: str, product: str, offered: tuple[str, ...], expected: bool):
    assert perm.sees_extra_product(PRINCIPALS[role], product, offered) is expected


def _entry(key: str, order: int, rule: Callable[[Principal], bool], product: str | None = None):
    return MenuEntry(key, f"/{key}", key, "icon", order, rule, product=product)


MENU = (
    _entry("prestiti", 160, perm.sees_work, product="prestiti"),
    _entry("utenti", 10, perm.sees_users),
    _entry("home", 20, perm.sees_home),
    _entry("preventivi", 30, perm.sees_work),
    _entry("polizze", 40, perm.sees_work),
    _entry("chat", 50, perm.sees_work),
    _entry("report", 60, perm.sees_work),
    _entry("prodotti", 70, perm.sees_products),
    _entry("saldo-collaboratore", 80, perm.sees_balance),
    _entry("cassa", 90, perm.sees_cash_sheet),
    _entry("impostazioni", 100, perm.sees_settings),
    _entry("clienti", 110, perm.sees_clients),
    _entry("nuova-quotazione", 120, perm.sees_nuova_quotazione),
    _entry("area-documentale", 130, perm.sees_documents),
    _entry("targhe", 140, perm.sees_plates),
    _entry("noleggio-auto", 150, perm.sees_work, product="noleggio-auto"),
)

# rcadealer's cut (SPEC §6) plus plates; its product entries stay so the product rule decides.
RCADEALER_CUT: tuple[str, ...] = (
    *("utenti", "preventivi", "polizze", "report", "impostazioni", "prodotti", "chat"),
    *("targhe", "noleggio-auto", "prestiti"),
)


@pytest.mark.parametrize(
    ("role", "offered", "only", "keys"),
    [
        pytest.param(
            "admin",
            OFFERED,
            None,
            "utenti preventivi polizze chat report prodotti cassa impostazioni clienti "
            "area-documentale targhe noleggio-auto prestiti",
            id="admin-full",
        ),
        pytest.param(
            "admin",
            ("prestiti",),
            RCADEALER_CUT,
            "utenti preventivi polizze chat report prodotti impostazioni targhe prestiti",
            id="admin-rcadealer-cut",
        ),
        pytest.param(
            "agent",
            OFFERED,
            None,
            "home preventivi polizze chat report saldo-collaboratore clienti nuova-quotazione "
            "area-documentale targhe noleggio-auto",
            id="agent-own-extra-product",
        ),
        pytest.param(
            "agent",
            ("prestiti",),
            RCADEALER_CUT,
            "preventivi polizze chat report targhe",
            id="agent-rcadealer-cut-own-product-not-offered",
        ),
        pytest.param(
            "sub_agent",
            OFFERED,
            None,
            "home preventivi polizze chat report clienti nuova-quotazione area-documentale targhe",
            id="sub_agent-full",
        ),
        pytest.param("e", OFFERED, None, "utenti area-documentale", id="e-full"),
        pytest.param("e", OFFERED, RCADEALER_CUT, "utenti", id="e-rcadealer-cut"),
        pytest.param("no_role", OFFERED, None, "", id="no_role-full"),
    ],
)
def test_menu_for(role: str, offered: tuple[str, ...], only: tuple[str, ...] | None, keys: str):
    """``keys`` lists the expected entries in menu order (``MENU`` is deliberately unsorted)."""
    menu = perm.menu_for(PRINCIPALS[role], MENU, tenant_products=offered, only=only)
    assert [entry.key for entry in menu] == keys.split()


# --- Record and user visibility -------------------------------------------------------------

RECORDS: dict[str, dict[str, Any]] = {
    "agent_own": {"_id": "q1", "aId": "ag1"},
    "sub_agent_own": {"_id": "q2", "aId": "sub1", "agId": "ag1"},
    "other_agent": {"_id": "q3", "aId": "ag2"},
    "unassigned": {"_id": "q4"},
}
ALL_RECORDS = set(RECORDS)


@pytest.mark.parametrize(
    ("role", "visible"),
    by_role(
        [
            ("admin", ALL_RECORDS),
            ("responsabile", ALL_RECORDS),
            ("e", set()),
            ("agent", {"agent_own", "sub_agent_own"}),
            ("sub_agent", {"sub_agent_own"}),
            ("segnalatore", {"other_agent"}),
            ("no_role", set()),
        ]
    ),
)
def test_record_visible(role: str, visible: set[str]) -> None:
    principal = PRINCIPALS[role]
    seen = {name for name, record in RECORDS.items() if perm.record_visible(principal, record)}
    assert seen == visible


@pytest.mark.parametrize(
    ("role", "scope"),
    by_role(
        [
            ("admin", perm.AgentScope(all=True)),
            ("responsabile", perm.AgentScope(all=True)),
            ("e", perm.AgentScope()),
            ("agent", perm.AgentScope(agent_ids=frozenset({"ag1"}), parent_agent_id="ag1")),
            ("sub_agent", perm.AgentScope(agent_ids=frozenset({"sub1"}))),
            ("segnalatore", perm.AgentScope(agent_ids=frozenset({"ag2"}))),
            ("no_role", perm.AgentScope()),
        ]
    ),
)
def test_agent_scope(role: str, scope: perm.AgentScope) -> None:
    assert perm.agent_scope(PRINCIPALS[role]) == scope


USERS: dict[str, dict[str, Any]] = {
    "adm": {"_id": "adm", "role": {"admin": True}},
    "ag1": {"_id": "ag1", "role": {"a": {"type": "agente"}}},
    "sub1": {"_id": "sub1", "role": {"a": {"type": "agente", "aId": "ag1"}}},
    "ag2": {"_id": "ag2", "role": {"a": {"type": "agente"}}},
    "seg": {"_id": "seg", "role": {"segnalatore": True}},
    "nobody": {"_id": "nobody", "role": {}},
}
ALL_USERS = set(USERS)


@pytest.mark.parametrize(
    ("role", "visible"),
    by_role(
        [
            ("admin", ALL_USERS),
            ("responsabile", ALL_USERS),
            ("e", ALL_USERS),
            ("agent", {"ag1", "sub1"}),
            ("sub_agent", {"sub1"}),
            ("segnalatore", {"seg", "ag2"}),
            ("no_role", {"nobody"}),
        ]
    ),
)
def test_user_visible(role: str, visible: set[str]) -> None:
    principal = PRINCIPALS[role]
    assert {key for key, user in USERS.items() if perm.user_visible(principal, user)} == visible


TODAY = date(2024, 6, 1)


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        pytest.param({"endDate": date(2024, 6, 1)}, T, id="ends-today"),
        pytest.param({"endDate": date(2024, 6, 17)}, T, id="ends-in-16-days"),
        pytest.param({"endDate": date(2024, 6, 18)}, F, id="ends-in-17-days"),
        pytest.param({"endDate": date(2024, 5, 31)}, F, id="ended-yesterday"),
        pytest.param({"endDate": "2024-06-10"}, T, id="iso-date-string"),
        pytest.param({"endDate": "2024-06-10T12:00:00Z"}, T, id="iso-datetime-string"),
        pytest.param({"endDate": datetime(2024, 6, 10, 9, 30)}, T, id="datetime"),
        pytest.param({"endDate": date(2024, 6, 5), "pr": {"type": "prestiti"}}, F, id="pr-typed"),
        pytest.param({"endDate": date(2024, 6, 5), "type": "noleggio"}, F, id="typed"),
        pytest.param({"endDate": date(2024, 6, 5), "pr": {"aId": "ag1"}}, T, id="pr-untyped"),
        pytest.param({}, F, id="no-end-date"),
        pytest.param({"endDate": "presto"}, F, id="unparseable-end-date"),
    ],
)
def test_policy_alerts(policy: dict[str, Any], expected: bool) -> None:
    assert perm.policy_alerts(policy, TODAY) is expected
    assert perm.POLICY_ALERT_DAYS == 16
