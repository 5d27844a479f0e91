"""The quote status workflow (SPEC §4), in one place.

* The status table: id, name, who may select it (``canSelectedBy``) and whom it alerts;
  core's statuses below, merged by id with the ones product lines add.
* The initial status of a new quote, and the emission status with its undo: requesting
  emission moves a quote to 'Emissione richiesta', remembering the status it left
  (``quote.statusBefore``); cancelling the request moves it back there (else to the initial
  status).
* Which statuses a user may set, and which alert them (the Preventivi chip, highlighted rows).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from core.auth.principal import Principal
from core.extensions import StatusDef
from core.permissions import ADMIN, RESPONSABILE, has_role, manages


class HasStatuses(Protocol):
    @property
    def statuses(self) -> tuple[StatusDef, ...]: ...


_MANAGERS = (ADMIN, RESPONSABILE)

INITIAL_ID = 0
REQUESTED_ID = 2
DEFAULT_STATUSES: tuple[StatusDef, ...] = (
    StatusDef(INITIAL_ID, "In attesa di quotazione", _MANAGERS, _MANAGERS),
    StatusDef(1, "Preventivato", _MANAGERS, ()),
    StatusDef(REQUESTED_ID, "Emissione richiesta", (), _MANAGERS),
    StatusDef(3, "In lavorazione compagnia", _MANAGERS, ()),
    StatusDef(4, "Approvato dalla direzione", (RESPONSABILE, ADMIN), (ADMIN,)),
    StatusDef(11, "Preventivo di rinnovo", (), _MANAGERS),
    StatusDef(-1, "Non approvato", _MANAGERS, ()),
)
INITIAL = DEFAULT_STATUSES[0].name
"""The status of every new quote (id 0)."""
REQUESTED = DEFAULT_STATUSES[2].name
"""The status a quote takes when its emission is requested (id 2)."""
STATUS_BEFORE = "statusBefore"
"""Key in the quote's ``quote`` details: the status it had before the emission request."""


def merge_statuses(base: Iterable[StatusDef], extra: Iterable[StatusDef]) -> tuple[StatusDef, ...]:
    """Merge by id, ``extra`` winning: replaced ones keep their place, new ones are appended."""
    merged = {status.id: status for status in base}
    merged.update((status.id, status) for status in extra)
    return tuple(merged.values())


def stored_statuses(extra: Iterable[Mapping[str, Any]] | None) -> tuple[StatusDef, ...]:
    """The tenant's saved statuses (``extra_stati``) as definitions."""
    return tuple(
        StatusDef(
            int(e["id"]), str(e["name"]),
            tuple(e["canSelectedBy"]) if e.get("canSelectedBy") is not None else None,
            tuple(e.get("alert") or ()),
        )
        for e in extra or ()
    )  # fmt: skip


def tenant_statuses(host: HasStatuses, stored: Any) -> tuple[StatusDef, ...]:
    """Core's and the lines' statuses merged by id with the tenant's saved ones (SPEC §3)."""
    return merge_statuses(host.statuses, stored_statuses(stored.extra_stati if stored else None))


def name_of(statuses: Iterable[StatusDef], status_id: int) -> str:
    """The name the tenant's table gives status ``status_id`` (a line may rename it)."""
    fallback = {s.id: s.name for s in DEFAULT_STATUSES}[status_id]
    return next((s.name for s in statuses if s.id == status_id), fallback)


def request_emission(
    details: dict[str, Any], current: str | None, statuses: Iterable[StatusDef]
) -> str:
    """The status a quote moves to when its emission is requested; ``details`` (the quote's
    ``quote`` JSON) remembers the one it leaves."""
    requested = name_of(statuses, REQUESTED_ID)
    if current != requested:
        details[STATUS_BEFORE] = current
    return requested


def undo_emission(
    details: dict[str, Any], current: str | None, statuses: Iterable[StatusDef]
) -> str | None:
    """The status a quote returns to when its emission request is cancelled: the one it
    left, else the initial one — unless someone has moved it on meanwhile."""
    before = details.pop(STATUS_BEFORE, None)
    if current != name_of(statuses, REQUESTED_ID):
        return current
    return before or name_of(statuses, INITIAL_ID)


def _status_named(statuses: Iterable[StatusDef], name: object) -> StatusDef | None:
    return next((status for status in statuses if status.name == name), None)


def selectable_statuses(principal: Principal, statuses: Iterable[StatusDef]) -> list[StatusDef]:
    """Statuses whose ``canSelectedBy`` is absent or names one of the principal's roles.

    An empty tuple means nobody; a user with no role may select nothing.
    """
    if not has_role(principal):
        return []
    roles = set(principal.role_names)
    return [
        status
        for status in statuses
        if status.can_selected_by is None or roles.intersection(status.can_selected_by)
    ]


def can_select_status(principal: Principal, statuses: Iterable[StatusDef], name: str) -> bool:
    """Whether ``principal`` may set a quote to the status called ``name``."""
    return any(status.name == name for status in selectable_statuses(principal, statuses))


def alerts_for(principal: Principal, status_name: object, statuses: Iterable[StatusDef]) -> bool:
    """Whether the status called ``status_name`` alerts one of the principal's roles."""
    status = _status_named(statuses, status_name)
    return status is not None and bool(set(principal.role_names).intersection(status.alert))


def quote_alerts(
    principal: Principal, quote: Mapping[str, Any], statuses: Iterable[StatusDef]
) -> bool:
    """Whether ``quote`` counts in the principal's Preventivi chip.

    Admin and responsabile: a plain quote (no ``type``, i.e. not an extra-product practice)
    that is not archived and whose status alerts one of their roles or that has no
    ``docStatus``. Other roles: quotes with ``docStatus`` -1 (not approved). Employees see
    no quotes and no role sees nothing, so both never alert. Callers count only quotes
    that :func:`record_visible` admits.
    """
    if principal.is_employee or not has_role(principal):
        return False
    if not manages(principal):
        return quote.get("docStatus") == -1
    if quote.get("type") or quote.get("archived"):
        return False
    return quote.get("docStatus") is None or alerts_for(principal, quote.get("status"), statuses)


def row_highlighted(
    principal: Principal, quote: Mapping[str, Any], statuses: Iterable[StatusDef]
) -> bool:
    """A quote row is highlighted when it has no status or its status alerts the user's role."""
    if not has_role(principal):
        return False
    return not quote.get("status") or alerts_for(principal, quote.get("status"), statuses)
