"""Who may see and do what (SPEC §4, §6): pure functions over a :class:`Principal`.

No database and no I/O. Every rule here takes plain data so that HTTP handlers, realtime
filters and the menu builder share one definition. A user with no role gets nothing: every
predicate is ``False``, every collection empty.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from core.auth.principal import Principal
from core.extensions import MenuEntry

ADMIN = "admin"
RESPONSABILE = "responsabile"
EMPLOYEE = "e"
AGENT = "a"
REFERRER = "segnalatore"

STREAMS: frozenset[str] = frozenset(
    {"preventivi", "polizze", "usr", "chat", "targhe", "products", "settings", "docs"}
)
"""Realtime streams a user with a role subscribes to (SPEC §7)."""
EMPLOYEE_STREAMS: frozenset[str] = frozenset({"usr"})
"""SPEC §6 "only the utenti data stream": the users collection travels on channel ``usr``."""
"""Role flag ``e`` subscribes to the users stream only (SPEC §6)."""

POLICY_ALERT_DAYS = 16
"""A policy alerts when its end date is 0–16 days away (SPEC §4, §9)."""


def has_role(principal: Principal) -> bool:
    return bool(principal.role_names)


def manages(principal: Principal) -> bool:
    return principal.is_admin or principal.is_responsabile


# --- Menu visibility (SPEC §6) -------------------------------------------------------------


def sees_users(principal: Principal) -> bool:
    """Users: admin or employee."""
    return principal.is_admin or principal.is_employee


def sees_home(principal: Principal) -> bool:
    """Home: agents."""
    return principal.is_agent


def sees_nuova_quotazione(principal: Principal) -> bool:
    """'Nuova quotazione': agents."""
    return principal.is_agent


def sees_work(principal: Principal) -> bool:
    """Preventivi, Polizze, chat and Report: every role except employee."""
    return has_role(principal) and not principal.is_employee


def sees_products(principal: Principal) -> bool:
    """Prodotti: admin or responsabile."""
    return manages(principal)


def sees_balance(principal: Principal) -> bool:
    """Balance entry: an agent with no parent agent (not a sub-agent)."""
    return principal.is_agent and principal.parent_agent_id is None


def sees_cash_sheet(principal: Principal) -> bool:
    """Cash sheet: admin."""
    return principal.is_admin


def sees_settings(principal: Principal) -> bool:
    """Settings: admin."""
    return principal.is_admin


def imports_portfolio(principal: Principal) -> bool:
    """Portfolio import (``/importa``): admins and responsabili for the whole tenant, a top
    agent within its own tree; never a sub-agent, an employee or a referrer alone."""
    if principal.is_employee:
        return False
    return manages(principal) or (principal.is_agent and principal.parent_agent_id is None)


def sees_rui(principal: Principal) -> bool:
    """'RUI e formazione': admins and responsabili (every collaborator), agents (their own and
    their tree's); nobody else."""
    if principal.is_employee:
        return False
    return manages(principal) or principal.is_agent


def sees_clients(principal: Principal) -> bool:
    """Clienti: agent or admin."""
    return principal.is_agent or principal.is_admin


def sees_documents(principal: Principal) -> bool:
    """Document area: everyone with a role."""
    return has_role(principal)


def sees_plates(principal: Principal) -> bool:
    """Plates: everyone but employees (who get the users stream only); the tenant decides
    whether the entry exists at all."""
    return has_role(principal) and not principal.is_employee


def sees_extra_product(
    principal: Principal, product_id: str, tenant_products: Collection[str]
) -> bool:
    """Admins see every product the tenant offers; others only offered ones in their list."""
    if product_id not in tenant_products or not has_role(principal):
        return False
    return principal.is_admin or product_id in principal.extra_products


def menu_for(
    principal: Principal,
    entries: Iterable[MenuEntry],
    *,
    tenant_products: Collection[str],
    only: Collection[str] | None,
) -> list[MenuEntry]:
    """The side menu for ``principal``, sorted by ``order`` (stable for ties).

    An entry stays when its own rule admits the principal, its extra product (if any) passes
    :func:`sees_extra_product`, the line it ``requires_product`` (if any) is offered,
    and ``only`` (a tenant's cut, e.g. rcadealer's) is ``None`` or names its key. A product
    line's own entry is not cut by ``only``: the tenant offering the line is what shows it.
    """
    if not has_role(principal):
        return []
    kept = [
        entry
        for entry in entries
        if (only is None or entry.key in only or entry.product is not None)
        and (entry.product is None or sees_extra_product(principal, entry.product, tenant_products))
        and (entry.requires_product is None or entry.requires_product in tenant_products)
        and entry.visible(principal)
    ]
    return sorted(kept, key=lambda entry: entry.order)


# --- Other permissions (SPEC §6) -----------------------------------------------------------


def can_edit(principal: Principal) -> bool:
    """canEdit: admin or responsabile."""
    return manages(principal)


def can_upload_documents(principal: Principal) -> bool:
    """Document upload needs canEdit."""
    return can_edit(principal)


def can_delete_documents(principal: Principal) -> bool:
    """Document deletion needs canEdit."""
    return can_edit(principal)


def gets_otp_dialog(principal: Principal) -> bool:
    """Only admins receive the OTP dialog."""
    return principal.is_admin


def gets_platform_support_chat(principal: Principal) -> bool:
    """'Assistenza piattaforma': every role except admin."""
    return has_role(principal) and not principal.is_admin


def subscribed_streams(principal: Principal) -> frozenset[str]:
    """Realtime channels: ``e`` gets only ``usr`` (even with other flags); no role gets none."""
    if not has_role(principal):
        return frozenset()
    return EMPLOYEE_STREAMS if principal.is_employee else STREAMS


def sees_collaborator_filter(principal: Principal) -> bool:
    """The collaborator filter: non-agents."""
    return has_role(principal) and not principal.is_agent


def creates_quotes_for_self(principal: Principal) -> bool:
    """Agents create quotes for themselves; others pick a collaborator."""
    return principal.is_agent


def sees_platform_earnings(principal: Principal) -> bool:
    """Platform (and collaborator) earnings: non-agents."""
    return has_role(principal) and not principal.is_agent


def can_request_emission(principal: Principal) -> bool:
    """Requesting and cancelling emission: agents."""
    return principal.is_agent


def referred_users(principal: Principal) -> frozenset[str]:
    """Ids of the users a referrer brought in; empty for everyone else."""
    return frozenset(principal.referred_user_ids) if principal.is_referrer else frozenset()


# --- Record scope: the one rule for HTTP reads and realtime events ---------------------------


@dataclass(frozen=True, slots=True)
class AgentScope:
    """Which quotes/policies a principal may see, in a form a query can use.

    A record is visible when ``all`` is set, or its ``aId`` is in ``agent_ids``, or its
    ``agId`` equals ``parent_agent_id`` (set to the principal's own id for a top-level agent,
    so a parent agent sees its sub-agents' records). The empty scope sees nothing.
    """

    all: bool = False
    agent_ids: frozenset[str] = frozenset()
    parent_agent_id: str | None = None

    def covers(self, record: Mapping[str, Any]) -> bool:
        """Whether this scope includes ``record`` (ids compared as strings)."""
        if self.all:
            return True
        agent = _id(record.get("aId"))
        if agent is not None and agent in self.agent_ids:
            return True
        return self.parent_agent_id is not None and _id(record.get("agId")) == self.parent_agent_id


def _id(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


def agent_scope(principal: Principal) -> AgentScope:
    """The record scope of ``principal``.

    Employee (``e``) sees no quotes or policies, and that flag wins over others (SPEC §6:
    ``e`` subscribes to the users stream only). Admin and responsabile see the whole tenant. An
    agent sees its own records (``aId``); a top-level agent also those whose ``agId`` is
    itself; a referrer sees records whose ``aId`` is a referred user. Roles combine by union.
    """
    if principal.is_employee or not has_role(principal):
        return AgentScope()
    if manages(principal):
        return AgentScope(all=True)
    ids: set[str] = set(referred_users(principal))
    parent: str | None = None
    if principal.is_agent:
        ids.add(principal.id)
        if principal.parent_agent_id is None:
            parent = principal.id
    return AgentScope(agent_ids=frozenset(ids), parent_agent_id=parent)


def record_visible(principal: Principal, record: Mapping[str, Any]) -> bool:
    """Whether ``principal`` may see a quote or policy (keys ``aId``, ``agId``).

    This is the single rule behind both scoped HTTP reads and realtime event filtering;
    see :func:`agent_scope`.
    """
    return agent_scope(principal).covers(record)


def user_visible(principal: Principal, user: Mapping[str, Any]) -> bool:
    """Whether ``principal`` may see a user dict (keys ``_id`` and ``role``).

    Admin, responsabile and employee see every user. Anyone sees themself. An agent also
    sees its sub-agents (``role.a.aId`` is the agent); a referrer the users it referred.
    Like :func:`record_visible`, this one rule scopes HTTP reads and realtime events.
    """
    if principal.is_admin or principal.is_responsabile or principal.is_employee:
        return True
    user_id = _id(user.get("_id"))
    if user_id is None:
        return False
    if user_id == principal.id or user_id in referred_users(principal):
        return True
    if not principal.is_agent:
        return False
    role = user.get("role")
    agent_role = role.get("a") if isinstance(role, Mapping) else None
    return isinstance(agent_role, Mapping) and _id(agent_role.get("aId")) == principal.id


# --- Alerts (SPEC §4) -------------------------------------------------------------------


def _as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value).date()
        except ValueError:
            return None
    return None


def policy_alerts(policy: Mapping[str, Any], today: date) -> bool:
    """Whether ``policy`` counts in the Polizze chip: no type, ending 0–16 days from ``today``.

    The type is read from ``type`` or ``pr.type``; ``endDate`` may be a date, a datetime
    (its own calendar date is used, so pass local values) or an ISO string.
    """
    practice = policy.get("pr")
    typed = policy.get("type") or (practice.get("type") if isinstance(practice, Mapping) else None)
    end = _as_date(policy.get("endDate"))
    if typed or end is None:
        return False
    return 0 <= (end - today).days <= POLICY_ALERT_DAYS
