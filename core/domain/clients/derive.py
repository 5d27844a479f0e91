"""Clients derived from the customer data of quotes and policies (SPEC §3 'usrData').

A client belongs to one agent tree: the top agent of the records that made it (``agId``, else
``aId``). Within its tree a customer is identified by the Codice Fiscale / Partita IVA (the
``cf`` entry) only, never by name: two trees with the same customer keep two clients, and no
write touches a client of another tree. A record without a fiscal code gets a client of its
own (named by ``nome``, or ``Nome`` + ``Cognome``) that no other record joins.

The upsert runs in one place, a ``before_flush`` listener on every session, so every write path
(realtime calls, HTTP routes, plugins, demo data, the CLI) keeps ``client_id`` and the client's
plates current without calling anything: a quote or policy that is inserted, or whose
``usr_data`` (policy: ``pr``) changes, gets its client created or updated and linked.
A ``client_id`` the writer sets explicitly is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import event, inspect, select
from sqlalchemy.orm import InstanceState, Session

from core.context import current_tenant_id
from core.db import models as m
from core.db.locks import serialize_all_in_flush, serialize_in_flush
from core.db.tenancy import TenantSession
from core.db.types import new_id

PLATE_INDEX = "plateIndex"
"""``data`` key holding ``|PLATE|PLATE|``: a search string no JSON key can match."""
_SPACES = re.compile(r"\s+")
EMAIL_IDS = frozenset({"email", "mail", "e-mail"})
PHONE_IDS = frozenset({"telefono", "cellulare", "phone", "tel"})


@dataclass(frozen=True, slots=True)
class Customer:
    """What identifies and describes a customer in a record's ``usrData``."""

    name: str
    fiscal_code: str | None = None
    plates: tuple[str, ...] = ()
    email: str | None = None
    phone: str | None = None
    named: bool = field(default=True)
    """Whether ``name`` came from name fields (not the fiscal code standing in)."""

    @property
    def key(self) -> str:
        return f"cf:{self.fiscal_code}" if self.fiscal_code else f"name:{self.name.lower()}"


def _text(value: Any) -> str:
    return _SPACES.sub(" ", value).strip() if isinstance(value, str) else ""


def normal_plate(value: Any) -> str:
    """``ab 123 cd`` → ``AB123CD``; ``""`` for anything else."""
    return _SPACES.sub("", value).upper() if isinstance(value, str) else ""


def customer_of(entries: Iterable[Any]) -> Customer | None:
    """The customer described by ``usrData`` entries, or ``None`` (no fiscal code, no name)."""
    by_id: dict[str, Mapping[str, Any]] = {}
    fiscal, plates, email, phone = "", [], "", ""
    for entry in entries:
        if not isinstance(entry, Mapping):
            continue
        key, kind, value = str(entry.get("_id", "")), entry.get("type"), entry.get("value")
        by_id.setdefault(key, entry)
        if (kind == "cf" or key.lower() == "cf") and not fiscal:
            fiscal = normal_plate(value)[:16]
        elif kind == "targa" or key.lower() == "targa":
            plate = normal_plate(value.get("value") if isinstance(value, Mapping) else value)
            if plate and plate not in plates:
                plates.append(plate[:20])
        elif key.lower() in EMAIL_IDS or kind == "email":
            email = email or _text(value)[:254]
        elif key.lower() in PHONE_IDS:
            phone = phone or _text(value)[:40]

    def value_of(key: str) -> str:
        return _text(by_id.get(key, {}).get("value"))

    name = value_of("nome") or " ".join(p for p in (value_of("Nome"), value_of("Cognome")) if p)
    if not name and not fiscal:
        return None
    return Customer(
        name=(name or fiscal)[:200], fiscal_code=fiscal or None, plates=tuple(plates),
        email=email or None, phone=phone or None, named=bool(name),
    )  # fmt: skip


def record_customer(record: m.Quote | m.Policy) -> Customer | None:
    """The customer of a quote (``usr_data``) or a policy (``pr.usrData``)."""
    if isinstance(record, m.Quote):
        return customer_of(record.usr_data or [])
    entries = (record.pr or {}).get("usrData")
    return customer_of(entries if isinstance(entries, list) else [])


def _apply(client: m.Client, customer: Customer, agent_id: str | None) -> None:
    """Bring ``client`` up to date with ``customer``, touching only what differs."""
    if customer.fiscal_code and client.fiscal_code is None:
        client.fiscal_code = customer.fiscal_code
    if customer.named and client.name != customer.name:
        client.name = customer.name
    for attribute in ("email", "phone"):
        value = getattr(customer, attribute)
        if value and getattr(client, attribute) != value:
            setattr(client, attribute, value)
    if client.agent_id is None and agent_id is not None:
        client.agent_id = agent_id
    data = dict(client.data or {})
    plates = list(data.get("plates") or [])
    added = [p for p in customer.plates if p not in plates]
    if added:
        plates += added
        data["plates"] = plates
        data[PLATE_INDEX] = "|" + "|".join(plates) + "|"
        client.data = data


def tree_of(record: m.Quote | m.Policy) -> str | None:
    """The agent tree a record belongs to: its parent agent, else its agent."""
    return record.parent_agent_id or record.agent_id


def _in_tree(client: m.Client, tenant_id: str, tree: str | None) -> bool:
    return client.tenant_id in (None, tenant_id) and client.owner_agent_id == tree


def _find(
    session: Session, tenant_id: str, tree: str | None, customer: Customer
) -> m.Client | None:
    """The tree's client with the customer's fiscal code (pending or stored), if any."""
    if not customer.fiscal_code:
        return None
    # two records of one new customer flushed at once make one client, not two; and the
    # client found is locked, so its plates are added to, never written over
    serialize_in_flush(session, f"client:{tenant_id}:{tree}:{customer.fiscal_code}")
    for pending in session.new:
        if (
            isinstance(pending, m.Client)
            and _in_tree(pending, tenant_id, tree)
            and pending.fiscal_code == customer.fiscal_code
        ):
            return pending
    owner = m.Client.owner_agent_id
    stmt = select(m.Client).where(
        m.Client.tenant_id == tenant_id,
        owner.is_(None) if tree is None else owner == tree,
        m.Client.fiscal_code == customer.fiscal_code,
    )
    stmt = stmt.order_by(m.Client.created_at).limit(1).with_for_update()
    client = session.execute(stmt).scalars().first()
    if client is not None and client not in session.dirty:
        session.refresh(client)  # as now committed (it may have been read before the lock)
    return client


def _own_client(
    session: Session, record: m.Quote | m.Policy, tenant_id: str, tree: str | None
) -> m.Client | None:
    """The record's present client, when it is one only this record made (no fiscal code,
    same tree): a record that gains its name or fiscal code updates it instead of a new one."""
    if record.client_id is None:
        return None
    client = session.get(m.Client, record.client_id)
    if client is None or client.fiscal_code is not None or not _in_tree(client, tenant_id, tree):
        return None
    return client


def _changed(record: m.Quote | m.Policy, attribute: str) -> bool:
    state: InstanceState[Any] = inspect(record)
    return bool(state.attrs[attribute].history.has_changes())


def _records_to_link(session: Session) -> list[m.Quote | m.Policy]:
    found: list[m.Quote | m.Policy] = []
    for obj in session.new:
        if isinstance(obj, m.Quote | m.Policy) and obj.client_id is None:
            found.append(obj)
    for obj in session.dirty:
        described = "usr_data" if isinstance(obj, m.Quote) else "pr"
        if (
            isinstance(obj, m.Quote | m.Policy)
            and not _changed(obj, "client_id")
            and any(_changed(obj, a) for a in (described, "agent_id", "parent_agent_id"))
        ):
            found.append(obj)  # re-described, or moved to another tree
    return found


def link_clients(session: Session) -> None:
    """Upsert the client of every new or re-described quote and policy in ``session``."""
    records = _records_to_link(session)
    if not records:
        return
    with session.no_autoflush:
        for record in records:
            tenant_id = record.tenant_id or current_tenant_id()
            customer = record_customer(record)
            if tenant_id is None or customer is None:
                continue
            tree = tree_of(record)
            client = _find(session, tenant_id, tree, customer) or _own_client(
                session, record, tenant_id, tree
            )
            if client is None:
                client = m.Client(
                    id=new_id(), tenant_id=tenant_id, owner_agent_id=tree,
                    name=customer.name, fiscal_code=customer.fiscal_code, data={},
                )  # fmt: skip
                session.add(client)
            _apply(client, customer, record.agent_id)
            if record.client_id != client.id:
                record.client_id = client.id


LOOKUP_CHUNK = 500
"""Fiscal codes looked up per query by :func:`tree_clients`."""


def _stored_clients(
    session: Session, tenant_id: str, tree: str | None, codes: Sequence[str]
) -> dict[str, m.Client]:
    """The tree's stored clients with these fiscal codes (the oldest of each), locked."""
    owner = m.Client.owner_agent_id
    found: dict[str, m.Client] = {}
    for start in range(0, len(codes), LOOKUP_CHUNK):
        stmt = select(m.Client).where(
            m.Client.tenant_id == tenant_id,
            owner.is_(None) if tree is None else owner == tree,
            m.Client.fiscal_code.in_(codes[start : start + LOOKUP_CHUNK]),
        )
        stmt = stmt.order_by(m.Client.created_at).with_for_update()
        for client in session.execute(stmt.execution_options(populate_existing=True)).scalars():
            found.setdefault(str(client.fiscal_code), client)
    return found


def tree_clients(
    session: Session,
    tenant_id: str,
    tree: str | None,
    customers: Sequence[Customer],
    agent_id: str | None = None,
) -> dict[str, m.Client]:
    """The clients of agent tree ``tree`` with the customers' fiscal codes, by code: the
    tree's own (locked; their name kept, the customers' plates added) or new ones, named
    as the customer. Customers without a fiscal code are left out."""
    wanted = {c.fiscal_code: replace(c, named=False) for c in customers if c.fiscal_code}
    codes = sorted(wanted)
    serialize_all_in_flush(session, [f"client:{tenant_id}:{tree}:{code}" for code in codes])
    found = {
        str(pending.fiscal_code): pending
        for pending in session.new
        if isinstance(pending, m.Client)
        and _in_tree(pending, tenant_id, tree)
        and pending.fiscal_code in wanted
    }
    found |= _stored_clients(session, tenant_id, tree, [c for c in codes if c not in found])
    for code, customer in wanted.items():
        client = found.get(code)
        if client is None:
            client = m.Client(
                id=new_id(), tenant_id=tenant_id, owner_agent_id=tree,
                name=customer.name, fiscal_code=code, data={},
            )  # fmt: skip
            session.add(client)
            found[code] = client
        _apply(client, customer, agent_id)
    return found


def _before_flush(session: Session, _ctx: Any, _instances: Any) -> None:
    link_clients(session)


# First in line, so the tenancy stamp, the reference check and the audit log see the clients.
if not event.contains(TenantSession, "before_flush", _before_flush):
    event.listen(TenantSession, "before_flush", _before_flush, insert=True)
