"""A new quote from a product and the customer's data ('Nuova quotazione', SPEC §2).

:func:`create_quote` is the one way to create a quote: the realtime call ``createQuote``
uses it, and so may plugins. The product must exist and be active; a product of a line must
be enabled for the tenant and usable by the user. Agents create for themselves, admins and
responsabili for an agent they name. Customer values are checked against the product's
fields; extra keys (a line's ``car``, ``price``…) must be claimed by the line's plugin
through the ``prepare_quote`` hook, called for that line's plugin only
(:mod:`core.line_hooks`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from core import line_hooks
from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.products.fields import validate_usr_data
from core.domain.quotes import statuses
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext, Host
from core.messages import INVALID_DATA, PRODUCT_NOT_FOUND
from core.realtime.guard import logged_in
from core.validation import strict

PRODUCT_INACTIVE = "Prodotto non attivo"
ROLE_REFUSED = "Il tuo ruolo non può creare preventivi"
OTHER_AGENT = "Puoi creare preventivi solo per te stesso"
AGENT_REQUIRED = "Indica il collaboratore per cui creare il preventivo"
AGENT_UNKNOWN = "Collaboratore non trovato"
UNKNOWN_KEYS = "Campi non previsti: {keys}"
BAD_EXTRAS = "Il prodotto ha restituito dati non validi"
INVALID = INVALID_DATA

BASE_KEYS = frozenset({"pId", "aId", "usrData"})
EXTRA_COLUMNS = frozenset({"car", "price", "quote", "prodotto"})
"""Quote columns a line's ``prepare_quote`` may fill."""


class CreateBody(BaseModel):
    """The keys every ``createQuote`` has; others are the line's extras."""

    model_config = ConfigDict(extra="allow")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    aId: str | None = Field(default=None, min_length=1, max_length=32)  # noqa: N815
    usrData: list[dict[str, Any]] = Field(default_factory=list, max_length=200)  # noqa: N815


async def _usable_product(
    session: AsyncSession, principal: Principal, host: Host, product_id: str
) -> m.Product:
    product = await session.get(m.Product, product_id)
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    if not product.active:
        raise ClientError(PRODUCT_INACTIVE)
    await host.lines.require(session, principal.tenant_id, principal, product.line)
    return product


async def _owner(
    session: AsyncSession, principal: Principal, agent_id: str | None
) -> tuple[str, str | None]:
    """The quote's agent and that agent's parent (``aId``, ``agId``)."""
    if principal.is_employee or not (principal.is_agent or perm.can_edit(principal)):
        raise Forbidden(ROLE_REFUSED)
    if perm.creates_quotes_for_self(principal):
        if agent_id not in (None, principal.id):
            raise Forbidden(OTHER_AGENT)
        return principal.id, principal.parent_agent_id
    if agent_id is None:
        raise ClientError(AGENT_REQUIRED)
    agent = await session.get(m.User, agent_id)
    if agent is None or not agent.role.get("a") or agent.role.get("e") or agent.suspended:
        raise ClientError(AGENT_UNKNOWN)
    return agent.id, agent.parent_agent_id


async def _extras(
    session: AsyncSession, host: Host, product: m.Product, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """The column values the line's plugin makes of the payload's extra keys."""
    unknown = sorted(set(payload) - BASE_KEYS)
    answers = await line_hooks.prepare_quote(host.pm, session, product, payload)
    if unknown and not answers:
        raise ClientError(UNKNOWN_KEYS.format(keys=", ".join(k[:40] for k in unknown[:10])))
    columns: dict[str, Any] = {}
    for answer in reversed(answers):  # pluggy calls the last registered first: first wins
        if not set(answer) <= EXTRA_COLUMNS:
            raise ClientError(BAD_EXTRAS)
        columns.update(answer)
    return columns


def usr_data_message(errors: Mapping[str, str]) -> str:
    """The field messages in one line, each once ('Codice fiscale errato; Targa non valida')."""
    return "; ".join(dict.fromkeys(errors.values()))


async def create_quote(
    session: AsyncSession, principal: Principal, host: Host, payload: Any
) -> m.Quote:
    """Create (and flush) a quote; :class:`ClientError` and nothing written when refused."""
    if not isinstance(payload, Mapping):
        raise ClientError(INVALID)
    try:
        body = strict(CreateBody, payload)
    except ValidationError as exc:
        raise ClientError(INVALID) from exc
    agent_id, parent_id = await _owner(session, principal, body.aId)
    product = await _usable_product(session, principal, host, body.pId)
    entries, errors = validate_usr_data(product.fields or [], body.usrData)
    if errors:
        raise ClientError(usr_data_message(errors), extra={"errors": dict(errors)})
    columns = await _extras(session, host, product, payload)
    quote = m.Quote(
        type=product.line,
        product_id=product.id,
        status=statuses.name_of(host.statuses, statuses.INITIAL_ID),
        agent_id=agent_id,
        parent_agent_id=parent_id,
        usr_data=entries,
        **columns,
    )
    session.add(quote)
    await session.flush()
    return quote


async def create_quote_call(ctx: CallContext, data: Any) -> dict[str, str]:
    """``createQuote {pId, aId?, usrData, …extras}`` → ``{_id}``."""
    principal = logged_in(ctx)
    quote = await create_quote(ctx.session, principal, ctx.host, data)
    return {"_id": quote.id}
