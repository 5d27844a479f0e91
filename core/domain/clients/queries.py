"""Clients a principal may see (SPEC §6 'Clienti: agent or admin'), with their records.

A client is visible when one of its quotes or policies is in the principal's agent tree
(:func:`core.domain.quotes.queries.in_agent_tree`) or it was first written by an agent the
scope names; admins and responsabili see every client of the tenant. A client belongs to one
agent tree (:mod:`core.domain.clients.derive`); whoever is not that tree's top agent (a
sub-agent, a referrer) reads only what the records it may see put there: name, fiscal code,
e-mail, phone and plates are taken from those records, not from the tree's shared row.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, String, and_, cast, exists, false, func, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.like import escape_like, words
from core.domain.clients.derive import normal_plate, record_customer
from core.domain.clients.fiscal_code import decode
from core.domain.clients.rules import contact_payload, may_edit
from core.domain.documents import document_payload
from core.domain.policies.serialize import policy_payload
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.serialize import quote_payload
from core.errors import NotFound

DEFAULT_LIMIT = 50
MAX_LIMIT = 200
NOT_FOUND = "Cliente non trovato"


def client_payload(
    client: m.Client, *, quotes: int = 0, policies: int = 0, last_at: datetime | None = None
) -> dict[str, Any]:
    return {
        "_id": client.id,
        "name": client.name,
        "fiscalCode": client.fiscal_code,
        "plates": list((client.data or {}).get("plates") or []),
        "email": client.email,
        "phone": client.phone,
        "aId": client.agent_id,
        "quotes": quotes,
        "policies": policies,
        "lastAt": last_at.isoformat() if last_at else None,
    }


def search_patterns(query: str) -> tuple[list[str], str]:
    """The ``ILIKE`` patterns an index narrows :func:`_matches` on for ``query`` (one a word),
    and the plates' one."""
    found = [f"%{escape_like(word)}%" for word in words(query) or [query.strip()]]
    return found, f"%|{escape_like(normal_plate(query))}%"


def _matches(principal: Principal, query: str) -> ColumnElement[bool]:
    """Each word of ``query`` in the name or the fiscal code (a Codice Fiscale or a Partita
    IVA), or in the e-mail or phone where the principal reads the client's own contacts
    (:func:`_reads_contacts`); or a plate starting with ``query``."""
    reads_contacts = _reads_contacts(principal)

    def has(word: str) -> ColumnElement[bool]:
        pattern = f"%{escape_like(word)}%"
        return or_(
            m.Client.name.ilike(pattern, escape="\\"),
            m.Client.fiscal_code.ilike(pattern, escape="\\"),
            and_(
                reads_contacts,
                or_(
                    m.Client.email.ilike(pattern, escape="\\"),
                    m.Client.phone.ilike(pattern, escape="\\"),
                ),
            ),
        )

    conditions = [and_(*(has(word) for word in words(query) or [query.strip()]))]
    plate = normal_plate(query)
    if plate:
        conditions.append(cast(m.Client.data, String).like(f"%|{escape_like(plate)}%", escape="\\"))
    return or_(*conditions)


def _reads_contacts(principal: Principal) -> ColumnElement[bool]:
    """The clients whose own row the principal reads (:func:`sees_whole_tree`, in SQL)."""
    scope = perm.agent_scope(principal)
    if scope.all:
        return true()
    if scope.parent_agent_id is None:
        return false()
    return m.Client.owner_agent_id == scope.parent_agent_id


def visible_client(principal: Principal) -> ColumnElement[bool]:
    """The clients the principal may see: one of its quotes or policies is in the principal's
    tree, or an agent of its scope first wrote it; managers every client of the tenant."""
    scope = perm.agent_scope(principal)
    if scope.all:
        return true()
    return or_(
        exists().where(m.Quote.client_id == m.Client.id, in_agent_tree(principal, m.Quote)),
        exists().where(m.Policy.client_id == m.Client.id, in_agent_tree(principal, m.Policy)),
        m.Client.agent_id.in_(scope.agent_ids),
    )


def _counts(principal: Principal) -> tuple[Any, Any]:
    quotes = (
        select(
            m.Quote.client_id.label("client_id"),
            func.count().label("n"),
            func.max(m.Quote.at).label("last_at"),
        )
        .where(m.Quote.client_id.is_not(None), in_agent_tree(principal, m.Quote))
        .group_by(m.Quote.client_id)
        .subquery()
    )
    policies = (
        select(m.Policy.client_id.label("client_id"), func.count().label("n"))
        .where(m.Policy.client_id.is_not(None), in_agent_tree(principal, m.Policy))
        .group_by(m.Policy.client_id)
        .subquery()
    )
    return quotes, policies


async def list_clients(
    session: AsyncSession, principal: Principal, query: str | None, limit: int = DEFAULT_LIMIT
) -> list[dict[str, Any]]:
    """The visible clients matching ``query`` (:func:`_matches`), latest work first."""
    quotes, policies = _counts(principal)
    stmt = (
        select(m.Client, quotes.c.n, policies.c.n, quotes.c.last_at)
        .outerjoin(quotes, quotes.c.client_id == m.Client.id)
        .outerjoin(policies, policies.c.client_id == m.Client.id)
        .where(visible_client(principal))
        .order_by(quotes.c.last_at.desc().nulls_last(), m.Client.name, m.Client.id)
        .limit(max(1, min(limit, MAX_LIMIT)))
    )
    if query and query.strip():
        stmt = stmt.where(_matches(principal, query))
    rows = (await session.execute(stmt)).all()
    found = []
    for client, n_quotes, n_policies, last_at in rows:
        payload = client_payload(
            client, quotes=n_quotes or 0, policies=n_policies or 0, last_at=last_at
        )
        found.append(await _as_read(session, principal, client, payload))
    return found


async def search_clients(
    session: AsyncSession,
    principal: Principal,
    query: str,
    limit: int,
    within: ColumnElement[bool] | None = None,
) -> list[dict[str, Any]]:
    """The first ``limit`` visible clients matching ``query`` as :func:`list_clients` matches
    it, by name; without the list's counts (one tree's records are not counted for a search
    box), so that an index on the matched columns answers it. ``within``: a condition
    narrowing the rows these are checked on (:func:`core.db.search_indexes.narrowed`)."""
    stmt = (
        select(m.Client)
        .where(
            visible_client(principal),
            _matches(principal, query),
            within if within is not None else true(),
        )
        .order_by(m.Client.name, m.Client.id)
        .limit(max(1, min(limit, MAX_LIMIT)))
    )
    clients = (await session.execute(stmt)).scalars().all()
    return [await _as_read(session, principal, c, client_payload(c)) for c in clients]


async def _as_read(
    session: AsyncSession, principal: Principal, client: m.Client, payload: dict[str, Any]
) -> dict[str, Any]:
    """``payload`` with the fields the principal reads: the client's own row, or what the
    records it may see put there."""
    if not sees_whole_tree(principal, client):
        quotes_seen, policies_seen = await _records(session, principal, client)
        payload.update(_as_seen(quotes_seen, policies_seen))
    return payload


def sees_whole_tree(principal: Principal, client: m.Client) -> bool:
    """Managers, and the top agent of the client's tree, read the client's shared row."""
    scope = perm.agent_scope(principal)
    return scope.all or (
        client.owner_agent_id is not None and scope.parent_agent_id == client.owner_agent_id
    )


def _as_seen(quotes: Sequence[m.Quote], policies: Sequence[m.Policy]) -> dict[str, Any]:
    """The client's fields as the given records describe them (newest record first)."""
    records: list[m.Quote | m.Policy] = [*quotes, *policies]
    customers = [c for c in map(record_customer, records) if c is not None]
    named = next((c for c in customers if c.named), None)
    plates: list[str] = []
    for customer in customers:
        plates += [p for p in customer.plates if p not in plates]
    return {
        "name": named.name if named else "",
        "fiscalCode": next((c.fiscal_code for c in customers if c.fiscal_code), None),
        "plates": plates,
        "email": next((c.email for c in customers if c.email), None),
        "phone": next((c.phone for c in customers if c.phone), None),
    }


async def _records(
    session: AsyncSession, principal: Principal, client: m.Client
) -> tuple[Sequence[m.Quote], Sequence[m.Policy]]:
    """The client's quotes and policies the principal may see, newest first."""
    quotes = await session.execute(
        select(m.Quote)
        .where(m.Quote.client_id == client.id, in_agent_tree(principal, m.Quote))
        .order_by(m.Quote.at.desc())
    )
    policies = await session.execute(
        select(m.Policy)
        .where(m.Policy.client_id == client.id, in_agent_tree(principal, m.Policy))
        .order_by(m.Policy.end_date.desc())
    )
    return quotes.scalars().all(), policies.scalars().all()


def _visible(
    principal: Principal, client: m.Client, quotes: Sequence[m.Quote], policies: Sequence[m.Policy]
) -> bool:
    scope = perm.agent_scope(principal)
    return bool(scope.all or quotes or policies or client.agent_id in scope.agent_ids)


async def client_visible(session: AsyncSession, principal: Principal, client: m.Client) -> bool:
    """Whether the principal may see ``client`` (one of its records, or first written by an
    agent of its scope; managers every client)."""
    return _visible(principal, client, *await _records(session, principal, client))


async def client_detail(
    session: AsyncSession, principal: Principal, client_id: str
) -> dict[str, Any]:
    """``{client, quotes, policies, documents}`` restricted to what the principal may see;
    the client with its contacts, its decoded fiscal code and whether the user may edit it."""
    client = await session.get(m.Client, client_id)
    if client is None:
        raise NotFound(NOT_FOUND)
    quotes, policies = await _records(session, principal, client)
    if not _visible(principal, client, quotes, policies):
        raise NotFound(NOT_FOUND)
    owned = or_(
        and_(
            m.Document.owner_kind == "preventivo", m.Document.owner_id.in_([q.id for q in quotes])
        ),
        and_(m.Document.owner_kind == "polizza", m.Document.owner_id.in_([p.id for p in policies])),
    )
    documents = (
        (await session.execute(select(m.Document).where(owned).order_by(m.Document.at.desc())))
        .scalars()
        .all()
    )
    last = max((q.at for q in quotes), default=None)
    payload = client_payload(client, quotes=len(quotes), policies=len(policies), last_at=last)
    contacts = contact_payload(client)
    if not sees_whole_tree(principal, client):
        payload.update(_as_seen(quotes, policies))
        contacts = dict.fromkeys(contacts)  # the tree's own contacts stay with the tree
    payload.update(contacts)
    facts = decode(payload["fiscalCode"] or "")
    payload["fiscalCodeFacts"] = facts.as_payload() if facts else None
    payload["editable"] = may_edit(principal, client)
    return {
        "client": payload,
        "quotes": [quote_payload(q) for q in quotes],
        "policies": [policy_payload(p) for p in policies],
        "documents": [document_payload(d) for d in documents],
    }
