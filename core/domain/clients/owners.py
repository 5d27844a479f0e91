"""Clients a product line names itself as the owner of its records (a plate's owner), by
the rules the quotes follow (:mod:`core.domain.clients.derive`): within one agent tree a
customer is one client, found by the Codice Fiscale / Partita IVA, created when missing."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from core.context import current_tenant_id
from core.db import models as m
from core.domain.clients.derive import Customer, tree_clients
from core.domain.products.fields.values import check_fiscal_code
from core.errors import ClientError

MAX_LENGTH = 32
"""Longer text is no code, however many spaces it holds."""


def valid_fiscal_code(raw: object) -> str:
    """``raw`` as a Codice Fiscale (16 characters) or Partita IVA (11 digits), upper case
    and without spaces; :class:`ClientError` ('Codice fiscale errato' / 'Partita IVA
    errata') when it is neither."""
    text = raw if isinstance(raw, str) and len(raw) <= MAX_LENGTH else ""  # "": refused
    code, problem = check_fiscal_code({}, text)
    if problem is not None:
        raise ClientError(problem)
    return str(code)


async def clients_in_tree(
    session: AsyncSession,
    tree: str | None,
    customers: Sequence[Customer],
    *,
    agent_id: str | None = None,
) -> dict[str, m.Client]:
    """The clients of the agent tree headed by ``tree`` (a top agent's id) with the
    customers' fiscal codes, by code: the tree's own, their name kept and the customers'
    plates added, or new ones named as the customer (first written by ``agent_id``). Two
    writers naming one new customer at once make one client. Customers without a fiscal
    code are left out."""
    tenant_id = current_tenant_id()
    if tenant_id is None:
        raise RuntimeError("clients_in_tree needs a tenant in context")
    return await session.run_sync(
        lambda sync: tree_clients(sync, tenant_id, tree, customers, agent_id)
    )
