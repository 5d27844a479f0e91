"""One search over the lists a user may open (SPEC issue 36 'One search box'): clients, quotes,
policies and claims matching the same text, each group by its own list's visibility rule and
matching, a few results each.

Each group reuses its list's query: clients as :func:`core.domain.clients.queries.search_clients`
(name, Codice Fiscale or Partita IVA, plate, e-mail, phone), policies as
:func:`core.domain.policies.queries.policies_query` (number, the customer's fields and plates),
claims as :func:`core.domain.claims.queries.claims_page` (customer, policy number, company's
claim number, place, the other parties' names and plates); quotes (the plain ones the
Preventivi list shows, and those of the product lines the user works, which open in their
line's module) by their customer's fields and plates, in the agent tree
(:func:`core.domain.quotes.queries.in_agent_tree`). Each word typed must match, in any field
and order (:func:`core.db.like.every_word`): "Bianchi Luca" finds the records that keep "Luca"
and "Bianchi" apart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from collections.abc import Set as AbstractSet
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, Literal

from sqlalchemy import String, cast, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.like import every_word, word_patterns
from core.db.search_indexes import narrowed
from core.domain.claims.queries import claims_page
from core.domain.clients.derive import record_customer
from core.domain.clients.queries import search_clients, search_patterns
from core.domain.policies.queries import policies_query
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError
from core.extensions import LineGate
from core.messages import SEARCH_LIMIT, SEARCH_TEXT_LENGTH
from tenants.config import Tenant

Kind = Literal["cliente", "preventivo", "polizza", "sinistro"]
Lines = AbstractSet[str]
MIN_TEXT = 2
MAX_TEXT = 100
DEFAULT_LIMIT = 5
MAX_LIMIT = 20


@dataclass(frozen=True)
class Hit:
    """One result: what it is, its id, two lines to show and the page that opens it."""

    kind: Kind
    id: str
    title: str
    subtitle: str
    path: str


def search_text(raw: Any) -> str:
    """What was typed, trimmed: 2 to 100 characters, else a 400 saying so."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not MIN_TEXT <= len(text) <= MAX_TEXT:
        raise ClientError(SEARCH_TEXT_LENGTH.format(low=MIN_TEXT, high=MAX_TEXT))
    return text


def search_limit(raw: Any) -> int:
    """Results per group: 1 to 20, 5 when not given."""
    if raw is None:
        return DEFAULT_LIMIT
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_LIMIT:
        raise ClientError(SEARCH_LIMIT.format(high=MAX_LIMIT))
    return raw


def _dialect(session: AsyncSession) -> str:
    return session.get_bind().dialect.name


def _joined(*parts: str | None) -> str:
    return " · ".join(part for part in parts if part)


def _day(value: date | None) -> str | None:
    return value.strftime("%d/%m/%Y") if value else None


async def _clients(
    session: AsyncSession, who: Principal, text: str, limit: int, _today: date, _lines: Lines
) -> list[Hit]:
    within = narrowed(_dialect(session), m.Client, *search_patterns(text))
    found = await search_clients(session, who, text, limit, within)
    return [
        Hit(
            "cliente", c["_id"], c["name"] or c["fiscalCode"] or "",
            _joined(c["fiscalCode"], *c["plates"][:2]), f"/clienti/{c['_id']}",
        )
        for c in found
    ]  # fmt: skip


async def _quotes(
    session: AsyncSession, who: Principal, text: str, limit: int, _today: date, lines: Lines
) -> list[Hit]:
    stmt = (
        select(m.Quote)
        .where(
            in_agent_tree(who, m.Quote),
            or_(m.Quote.type.is_(None), m.Quote.type.in_(sorted(lines))),
            every_word(text, cast(m.Quote.usr_data, String)),
            narrowed(_dialect(session), m.Quote, word_patterns(text)),
        )
        .order_by(m.Quote.at.desc(), m.Quote.id)
        .limit(limit)
    )
    hits = []
    for quote in (await session.execute(stmt)).scalars():
        customer = record_customer(quote)
        hits.append(
            Hit(
                "preventivo", quote.id, customer.name if customer else "",
                _joined(quote.status, *(customer.plates[:1] if customer else ()),
                        _day(quote.at.date())),
                _quote_path(quote),
            )
        )  # fmt: skip
    return hits


def _quote_path(quote: m.Quote) -> str:
    """A plain quote opens in Preventivi, a product line's in its line's module, which has its
    practices under ``/{line}/{id}`` (:attr:`core.extensions.ProductLine.path`)."""
    return f"/{quote.type}/{quote.id}" if quote.type else f"/preventivi/{quote.id}"


async def _policies(
    session: AsyncSession, who: Principal, text: str, limit: int, today: date, _lines: Lines
) -> list[Hit]:
    stmt = policies_query(who, search=text, today=today)
    stmt = stmt.where(narrowed(_dialect(session), m.Policy, word_patterns(text)))
    stmt = stmt.order_by(m.Policy.end_date.desc().nulls_last(), m.Policy.id).limit(limit)
    hits = []
    for policy in (await session.execute(stmt)).scalars():
        customer = record_customer(policy)
        hits.append(
            Hit(
                "polizza", policy.id, policy.number or "",
                _joined(customer.name if customer else None, policy.company,
                        *(customer.plates[:1] if customer else ())),
                f"/polizza/{policy.id}",
            )
        )  # fmt: skip
    return hits


async def _claims(
    session: AsyncSession, who: Principal, text: str, limit: int, _today: date, _lines: Lines
) -> list[Hit]:
    within = narrowed(_dialect(session), m.Claim, word_patterns(text))
    claims = await claims_page(session, who, search=text, limit=limit, within=within)
    return [
        Hit(
            "sinistro", claim.id, claim.customer,
            _joined(claim.policy_number, claim.company_claim_number, _day(claim.event_date)),
            f"/sinistri/{claim.id}",
        )
        for claim in claims
    ]  # fmt: skip


Finder = Callable[[AsyncSession, Principal, str, int, date, Lines], Awaitable[list[Hit]]]


@dataclass(frozen=True)
class Group:
    kind: Kind
    allowed: Callable[[Principal], bool]
    """The guard of the group's list: a user it refuses gets no group."""
    find: Finder


GROUPS = (
    Group("cliente", perm.sees_clients, _clients),
    Group("preventivo", perm.sees_work, _quotes),
    Group("polizza", perm.sees_work, _policies),
    Group("sinistro", perm.sees_work, _claims),
)


def may_search(principal: Principal) -> bool:
    """Whether any group's list opens for the principal."""
    return any(group.allowed(principal) for group in GROUPS)


Opener = Callable[[], AbstractAsyncContextManager[AsyncSession]]
"""Opens a read-only session of the same tenant (:meth:`core.extensions.Host.read_session`)."""

MAX_SIDE_SESSIONS = 6
"""Sessions the searches of one process may hold beside their request's at once: two searches
in parallel (three groups each), well within the default pool (``DATABASE_POOL_SIZE`` 10 plus
SQLAlchemy's 10 of overflow); a search that finds none free runs its groups one after the
other on its own session, never waiting for one."""
_side_sessions_in_use: dict[asyncio.AbstractEventLoop, int] = {}


async def search(
    session: AsyncSession,
    principal: Principal,
    text: str,
    limit: int,
    today: date,
    lines: Lines = frozenset(),
    side_sessions: Opener | None = None,
) -> dict[str, Any]:
    """``{q, groups: [{kind, results: [{kind, id, title, subtitle, path}]}]}``: one group per
    list the principal may open, in the order clients, quotes, policies, claims. ``lines``:
    the product lines whose quotes the principal works (:func:`worked_lines`), searched with
    the plain quotes. ``side_sessions``: on PostgreSQL the groups run at once, the first on
    ``session`` and each other on a session of its own (the answer is each group's, as
    alone; the time is the slowest group's rather than their sum)."""
    groups = [group for group in GROUPS if group.allowed(principal)]

    async def run(group: Group, on: AsyncSession) -> dict[str, Any]:
        hits = await group.find(on, principal, text, limit, today, lines)
        return {"kind": group.kind, "results": [asdict(hit) for hit in hits]}

    side = len(groups) - 1
    loop = asyncio.get_running_loop()
    in_use = _side_sessions_in_use.get(loop, 0)
    if side_sessions is None or _dialect(session) != "postgresql" or side < 1 or (
        in_use + side > MAX_SIDE_SESSIONS
    ):  # fmt: skip
        return {"q": text, "groups": [await run(group, session) for group in groups]}

    async def apart(group: Group) -> dict[str, Any]:
        async with side_sessions() as own:
            return await run(group, own)

    _side_sessions_in_use[loop] = in_use + side
    try:
        async with asyncio.TaskGroup() as tasks:
            first = tasks.create_task(run(groups[0], session))
            rest = [tasks.create_task(apart(group)) for group in groups[1:]]
    finally:
        left = _side_sessions_in_use[loop] - side
        if left:
            _side_sessions_in_use[loop] = left
        else:
            del _side_sessions_in_use[loop]
    return {"q": text, "groups": [first.result(), *(task.result() for task in rest)]}


async def worked_lines(
    session: AsyncSession, gate: LineGate, tenant: Tenant, principal: Principal
) -> Lines:
    """The product lines the tenant has on whose quotes the principal works."""
    return frozenset(
        [
            line
            for line in await gate.enabled(session, tenant)
            if await gate.works(session, principal, line)
        ]
    )
