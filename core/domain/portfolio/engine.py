"""The import engine, one for the web's background job, the CLI and the benchmark.

:func:`check_rows` reads every row under the mapping and names the bad ones; :class:`Importer`
then brings the good rows in, a chunk of :data:`CHUNK` rows per committed transaction, each
record matched by the source's own key (:class:`core.db.models.ImportKey`): a key seen before
whose row says the same changes nothing, one whose row changed updates the record it made, a
new one adopts the tree's client with the same fiscal code (the tenant's policy with the same
company and number) or makes a new record. A dry run reads the same way and writes nothing.

Who may import (:func:`may_import`): admins and responsabili, for the whole tenant (a row's
``agent`` column names the agent, by email); a top agent within its own tree (the rows are its
own, or a sub-agent's of its own); a sub-agent, an employee or a referrer not at all."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.models.policies import number_key
from core.db.types import new_id
from core.domain.portfolio.bulk import Pending
from core.domain.portfolio.fields import (
    FIELDS,
    OTHER_TREE,
    PAID_INSTALMENTS,
    POLICY_REQUIRED,
    REQUIRED,
    BadRow,
    ClientRow,
    PolicyRow,
    Row,
    RowReader,
    digest,
)
from core.domain.portfolio.reader import Table
from core.errors import ClientError, Forbidden

CHUNK = 1000
"""Rows written per committed transaction (and per progress step)."""
LOOKUP = 500
"""Keys looked up per query."""

NOT_ALLOWED = (
    "Solo gli amministratori, i responsabili e gli agenti (per la propria rete) possono "
    "importare il portafoglio"
)
MISSING_COLUMNS = "Colonne obbligatorie non abbinate: {fields}"
MISSING_POLICY_COLUMNS = "Per importare le polizze abbina anche: {fields}"
UNKNOWN_HEADER = "La colonna «{header}» abbinata a «{field}» non è nel file"

Sessions = Callable[[], contextlib.AbstractAsyncContextManager[AsyncSession]]
Progress = Callable[[int, "Counts"], Awaitable[None]]


def may_import(principal: Principal) -> bool:
    """Admins and responsabili; a top agent (within its tree); nobody else."""
    return perm.imports_portfolio(principal)


def check_allowed(principal: Principal) -> None:
    if not may_import(principal):
        raise Forbidden(NOT_ALLOWED)


def check_mapping(header: Sequence[str], mapping: Mapping[str, str]) -> dict[str, str]:
    """The mapping kept to known fields and headers in the file, or why it cannot be used."""
    clean = {f: h for f, h in mapping.items() if f in FIELDS and h}
    for name, header_name in clean.items():
        if header_name not in header:
            raise ClientError(UNKNOWN_HEADER.format(header=header_name[:60], field=FIELDS[name]))
    missing = [FIELDS[f] for f in REQUIRED if f not in clean]
    if missing:
        raise ClientError(MISSING_COLUMNS.format(fields=", ".join(missing)))
    if "number" in clean:
        wanting = [FIELDS[f] for f in POLICY_REQUIRED if f not in clean]
        if wanting:
            raise ClientError(MISSING_POLICY_COLUMNS.format(fields=", ".join(wanting)))
    return clean


@dataclass(slots=True)
class Counts:
    rows: int = 0
    bad: int = 0
    clients_new: int = 0
    clients_updated: int = 0
    clients_unchanged: int = 0
    policies_new: int = 0
    policies_updated: int = 0
    policies_unchanged: int = 0

    def wire(self) -> dict[str, int]:
        return {
            "righe": self.rows, "scartate": self.bad, "clientiNuovi": self.clients_new,
            "clientiAggiornati": self.clients_updated, "clientiInvariati": self.clients_unchanged,
            "polizzeNuove": self.policies_new, "polizzeAggiornate": self.policies_updated,
            "polizzeInvariate": self.policies_unchanged,
        }  # fmt: skip

    @property
    def changed(self) -> int:
        return (self.clients_new + self.clients_updated + self.policies_new
                + self.policies_updated)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Agent:
    id: str
    parent: str | None

    @property
    def tree(self) -> str:
        return self.parent or self.id


@dataclass(slots=True)
class Checked:
    rows: list[Row]
    errors: list[BadRow]
    agents: dict[str, Agent] = field(default_factory=dict)


async def _products(session: AsyncSession) -> dict[str, str]:
    found: dict[str, str] = {}
    for product_id, name in (await session.execute(select(m.Product.id, m.Product.name))).all():
        found.setdefault(str(name).strip().lower(), product_id)
        found[str(product_id).lower()] = product_id
    return found


async def _agents(session: AsyncSession, principal: Principal) -> dict[str, Agent]:
    """The agents a row may name, by lower-case email: every agent of the tenant for a
    manager; the agent itself and its sub-agents for a top agent."""
    found: dict[str, Agent] = {}
    for user_id, email, role in (await session.execute(
        select(m.User.id, m.User.email, m.User.role)
    )).all():  # fmt: skip
        agent = (role or {}).get("a")
        if not agent or not email:
            continue
        parent = agent.get("aId") if isinstance(agent, Mapping) else None
        entry = Agent(user_id, str(parent) if parent else None)
        if perm.manages(principal) or user_id == principal.id or entry.parent == principal.id:
            found[str(email).lower()] = entry
    return found


async def check_rows(
    session: AsyncSession, principal: Principal, table: Table, mapping: Mapping[str, str]
) -> Checked:
    """Every row read under ``mapping``: the good ones, and each bad value with its reason."""
    clean = check_mapping(table.header, mapping)
    agents = await _agents(session, principal)
    reader = RowReader(table.header, clean, await _products(session), agents)
    rows: list[Row] = []
    errors: list[BadRow] = []
    for offset, raw in enumerate(table.rows):
        if all(v is None or str(v).strip() == "" for v in raw):
            continue
        result = reader.read(offset + 2, raw)
        if isinstance(result, Row):
            rows.append(result)
        else:
            errors.extend(result)
    return Checked(rows, errors, agents)


def _chunks(rows: Sequence[Row], size: int) -> AsyncIterator[Sequence[Row]]:
    async def gen() -> AsyncIterator[Sequence[Row]]:
        for start in range(0, len(rows), size):
            yield rows[start : start + size]

    return gen()


@dataclass(slots=True)
class _Key:
    id: str
    record_id: str
    digest: str


class Importer:
    """Brings checked rows in for ``principal`` from ``source_id``; ``dry_run`` writes
    nothing and counts what a real run would do."""

    def __init__(
        self, sessions: Sessions, principal: Principal, source_id: str, checked: Checked,
        *, dry_run: bool, progress: Progress | None = None, chunk: int = CHUNK,
    ) -> None:  # fmt: skip
        self.sessions = sessions
        self.principal = principal
        self.source_id = source_id
        self.checked = checked
        self.dry_run = dry_run
        self.progress = progress
        self.chunk = chunk
        self.keys: dict[tuple[str, str], _Key] = {}
        self.client_ids: dict[str, str] = {}
        """This run's client keys → the client's id (new ones: a placeholder in a dry run)."""
        self.errors: list[BadRow] = list(checked.errors)
        self.bad_lines: set[int] = {e.row for e in checked.errors}
        self.counts = Counts(rows=len(checked.rows) + len(self.bad_lines))
        self.manager = perm.manages(principal)
        self.own = None if self.manager else Agent(principal.id, None)
        self.pending = Pending(principal.tenant_id)

    def _agent(self, row: Row) -> Agent | None:
        if row.agent_email:
            return self.checked.agents.get(row.agent_email)
        return self.own

    def _bad(self, row: Row, column: str, value: str, reason: str) -> None:
        self.errors.append(BadRow(row.line, column, value[:60], reason))
        self.bad_lines.add(row.line)

    async def _load_keys(self) -> None:
        async with self.sessions() as session:
            stmt = select(m.ImportKey.id, m.ImportKey.kind, m.ImportKey.key,
                          m.ImportKey.record_id, m.ImportKey.digest).where(
                m.ImportKey.source_id == self.source_id)  # fmt: skip
            for key_id, kind, key, record_id, dig in (await session.execute(stmt)).all():
                self.keys[(kind, key)] = _Key(key_id, record_id, dig)

    async def run(self) -> Counts:
        await self._load_keys()
        done = 0
        async for chunk in _chunks(self.checked.rows, self.chunk):
            async with self.sessions() as session:
                await self._clients(session, chunk)
                await self._policies(session, chunk)
                if not self.dry_run:
                    await session.flush()  # the updates, through the ORM
                    await self.pending.write(session)  # the new rows, in bulk
            done += len(chunk)
            if self.progress is not None:
                await self.progress(done, self.counts)
        self.counts.bad = len(self.bad_lines)
        return self.counts

    # --- clients -----------------------------------------------------------------------

    def _client_digest(self, client: ClientRow, agent: Agent | None) -> str:
        return digest({**client.values(), "agent": agent.id if agent else None})

    async def _clients(self, session: AsyncSession, chunk: Sequence[Row]) -> None:
        todo: dict[str, Row] = {}
        for row in chunk:
            if row.client.key not in self.client_ids and row.client.key not in todo:
                todo[row.client.key] = row
        if not todo:
            return
        changed: dict[str, tuple[Row, _Key]] = {}
        unknown: list[Row] = []
        for key, row in todo.items():
            known = self.keys.get(("client", key))
            dig = self._client_digest(row.client, self._agent(row))
            if known is None:
                unknown.append(row)
            elif known.digest == dig:
                self.client_ids[key] = known.record_id
                self.counts.clients_unchanged += 1
            else:
                changed[known.record_id] = (row, known)
        loaded = await self._load(session, m.Client, list(changed))
        for record_id, (row, known) in changed.items():
            client = loaded.get(record_id)
            if client is None:  # deleted since: made again
                unknown.append(row)
                continue
            if not self._may_touch_client(client):
                self._bad(row, "cliente", row.client.key, OTHER_TREE)
                continue
            self.client_ids[row.client.key] = client.id
            self.counts.clients_updated += 1
            if not self.dry_run:
                self._apply_client(client, row)
                await self._store_key(
                    session,
                    "client",
                    row.client.key,
                    client.id,
                    self._client_digest(row.client, self._agent(row)),
                    known,
                )
        await self._new_clients(session, unknown)

    def _may_touch_client(self, client: m.Client) -> bool:
        return self.manager or client.owner_agent_id == self.principal.id

    async def _new_clients(self, session: AsyncSession, rows: list[Row]) -> None:
        if not rows:
            return
        by_tree: dict[str | None, list[Row]] = {}
        for row in rows:
            agent = self._agent(row)
            by_tree.setdefault(agent.tree if agent else None, []).append(row)
        for tree, members in by_tree.items():
            codes = sorted({r.client.fiscal_code for r in members})
            existing: dict[str, m.Client] = {}
            made: dict[str, str] = {}  # this chunk's new clients by fiscal code
            owner = m.Client.owner_agent_id
            for start in range(0, len(codes), LOOKUP):
                stmt = (
                    select(m.Client)
                    .where(
                        owner.is_(None) if tree is None else owner == tree,
                        m.Client.fiscal_code.in_(codes[start : start + LOOKUP]),
                    )
                    .order_by(m.Client.created_at)
                )
                for client in (await session.execute(stmt)).scalars():
                    existing.setdefault(client.fiscal_code or "", client)
            for row in members:
                agent = self._agent(row)
                found = existing.get(row.client.fiscal_code)
                if row.client.fiscal_code in made:  # another key, the same person: one client
                    client_id = made[row.client.fiscal_code]
                elif found is not None:  # the tree's client with that fiscal code: adopted
                    self.counts.clients_updated += 1
                    if not self.dry_run:
                        self._apply_client(found, row)
                    client_id = found.id
                else:
                    self.counts.clients_new += 1
                    client_id = new_id()
                    if not self.dry_run:
                        self.pending.client({
                            "id": client_id, "owner_agent_id": tree,
                            "agent_id": agent.id if agent else None, "name": row.client.name,
                            "fiscal_code": row.client.fiscal_code, "email": row.client.email,
                            "phone": row.client.phone, "data": {},
                        })  # fmt: skip
                    made[row.client.fiscal_code] = client_id
                self.client_ids[row.client.key] = client_id
                if not self.dry_run:
                    await self._store_key(
                        session,
                        "client",
                        row.client.key,
                        client_id,
                        self._client_digest(row.client, agent),
                        None,
                    )

    def _apply_client(self, client: m.Client, row: Row) -> None:
        values = row.client
        agent = self._agent(row)
        client.name = values.name
        client.fiscal_code = values.fiscal_code
        if values.email is not None:
            client.email = values.email
        if values.phone is not None:
            client.phone = values.phone
        if agent is not None and client.agent_id != agent.id:
            client.agent_id = agent.id

    # --- policies ----------------------------------------------------------------------

    def _policy_digest(self, row: Row) -> str:
        assert row.policy is not None
        agent = self._agent(row)
        return digest({**row.policy.values(), "client": row.client.key,  # and its customer
                       "customer": [row.client.name, row.client.fiscal_code],
                       "agent": agent.id if agent else None})  # fmt: skip

    async def _policies(self, session: AsyncSession, chunk: Sequence[Row]) -> None:
        changed: dict[str, tuple[Row, _Key]] = {}
        unknown: list[Row] = []
        for row in chunk:
            if row.policy is None or row.line in self.bad_lines:
                continue
            if row.client.key not in self.client_ids:  # its client was refused
                continue
            known = self.keys.get(("policy", row.policy.key))
            if known is None:
                unknown.append(row)
            elif known.digest == self._policy_digest(row):
                self.counts.policies_unchanged += 1
            else:
                changed[known.record_id] = (row, known)
        loaded = await self._load(session, m.Policy, list(changed))
        for record_id, (row, known) in changed.items():
            policy = loaded.get(record_id)
            if policy is None:
                unknown.append(row)
                continue
            await self._update_policy(session, policy, row, known)
        if unknown:
            await self._new_policies(session, unknown)

    async def _new_policies(self, session: AsyncSession, rows: list[Row]) -> None:
        wanted = sorted({(r.policy.company, number_key(r.policy.number) or "")
                         for r in rows if r.policy})  # fmt: skip
        existing: dict[tuple[str, str], m.Policy] = {}
        by_company: dict[str, list[str]] = {}
        for company, key in wanted:
            by_company.setdefault(company, []).append(key)
        for company, keys in by_company.items():  # the unique index's order: company, key
            for start in range(0, len(keys), LOOKUP):
                stmt = select(m.Policy).where(
                    m.Policy.company == company,
                    m.Policy.number_key.in_(keys[start : start + LOOKUP]),
                )
                for stored in (await session.execute(stmt)).scalars():
                    existing[(stored.company or "", stored.number_key or "")] = stored
        made: set[tuple[str, str]] = set()  # this chunk's new policies
        for row in rows:
            assert row.policy is not None
            wanted_key = (row.policy.company, number_key(row.policy.number) or "")
            if wanted_key in made:  # a new policy named twice: the reader refused the second
                continue
            policy = existing.get(wanted_key)
            if policy is not None:  # the tenant's policy with that company and number
                await self._update_policy(session, policy, row, None)
                continue
            self.counts.policies_new += 1
            made.add(wanted_key)
            if self.dry_run:
                continue
            values = {"id": new_id(), "type": None, "quote": {}, "allegati": {},
                      "purchase": {}, "rates": {}, "taxes": [], "paid": False,
                      **self._policy_values(row)}  # fmt: skip
            values["pr"] = self._pr(row, values["agent_id"], values["parent_agent_id"])
            self.pending.policy(values, [
                {"id": new_id(), "number": n, "cassa_date": day, "total": amount, "net": amount,
                 "tax": Decimal("0.00"), "info": {}, "paid": False}
                for n, (day, amount) in enumerate(row.policy.instalments, start=1)
            ])  # fmt: skip
            await self._store_key(
                session, "policy", row.policy.key, values["id"], self._policy_digest(row), None
            )

    def _may_touch_policy(self, policy: m.Policy) -> bool:
        if self.manager:
            return True
        pid = self.principal.id
        return policy.agent_id == pid or policy.parent_agent_id == pid

    async def _update_policy(
        self, session: AsyncSession, policy: m.Policy, row: Row, known: _Key | None
    ) -> None:
        assert row.policy is not None
        if not self._may_touch_policy(policy):
            self._bad(row, "polizza", row.policy.number, OTHER_TREE)
            return
        wanted = [(d, a) for d, a in row.policy.instalments]
        have = [(i.cassa_date, i.total) for i in policy.instalments]
        if wanted != have and any(i.paid for i in policy.instalments):
            self._bad(row, "rate", row.policy.number, PAID_INSTALMENTS)
            return
        self.counts.policies_updated += 1
        if self.dry_run:
            return
        self._apply_policy(policy, row)
        if wanted != have:
            policy.instalments = self._instalments(row.policy)
        await self._store_key(
            session, "policy", row.policy.key, policy.id, self._policy_digest(row), known
        )

    def _policy_values(self, row: Row) -> dict[str, Any]:
        values = row.policy
        assert values is not None
        agent = self._agent(row)
        return {
            "company": values.company, "number": values.number,
            "number_key": number_key(values.number), "product_id": values.product_id,
            "start_date": values.start_date, "end_date": values.end_date,
            "premium": values.premium, "net_premium": values.premium,
            "tax_total": Decimal("0.00"), "tax_derived": True, "frequency": values.frequency,
            "agent_id": agent.id if agent else None,
            "parent_agent_id": agent.parent if agent else None,
            "client_id": self.client_ids[row.client.key],
        }  # fmt: skip

    @staticmethod
    def _pr(row: Row, agent_id: str | None, parent: str | None) -> dict[str, Any]:
        first, _, rest = row.client.name.partition(" ")
        return {"type": None, "renew": False, "aId": agent_id, "agId": parent, "usrData": [
            {"_id": "Nome", "value": first}, {"_id": "Cognome", "value": rest.strip()},
            {"_id": "cf", "value": row.client.fiscal_code, "type": "cf"}]}  # fmt: skip

    def _apply_policy(self, policy: m.Policy, row: Row) -> None:
        updates = self._policy_values(row)
        for name, value in updates.items():
            if getattr(policy, name) != value:
                setattr(policy, name, value)
        pr = self._pr(row, updates["agent_id"], updates["parent_agent_id"])
        if policy.pr != pr:
            policy.pr = pr

    @staticmethod
    def _instalments(values: PolicyRow) -> list[m.Instalment]:
        return [
            m.Instalment(number=n, cassa_date=day, total=amount, net=amount,
                         tax=Decimal("0.00"), info={})
            for n, (day, amount) in enumerate(values.instalments, start=1)
        ]  # fmt: skip

    # --- shared ------------------------------------------------------------------------

    async def _load(self, session: AsyncSession, model: Any, ids: list[str]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for start in range(0, len(ids), LOOKUP):
            stmt = select(model).where(model.id.in_(ids[start : start + LOOKUP]))
            for record in (await session.execute(stmt)).scalars():
                found[record.id] = record
        return found

    async def _store_key(
        self, session: AsyncSession, kind: str, key: str, record_id: str, dig: str,
        known: _Key | None,
    ) -> None:  # fmt: skip
        known = known or self.keys.get((kind, key))
        if known is None:
            key_id = new_id()
            self.pending.key({"id": key_id, "source_id": self.source_id, "kind": kind,
                              "key": key, "record_id": record_id, "digest": dig})  # fmt: skip
            self.keys[(kind, key)] = _Key(key_id, record_id, dig)
            return
        await session.execute(
            update(m.ImportKey).where(m.ImportKey.id == known.id)
            .values(record_id=record_id, digest=dig)
        )  # fmt: skip
        self.keys[(kind, key)] = _Key(known.id, record_id, dig)
