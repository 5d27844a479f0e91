"""What the annexes say about one quote: the intermediary (the tenant), the collaborator who
deals with the customer (the quote's agent), the customer, the product, the companies and
their premiums. The same facts always make the same annexes: their fingerprint decides when a
quote needs a new version of its documents (IVASS Reg. 40/2018, art. 56 c. 1: the documents
the customer receives describe the contract proposed)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.clients.derive import record_customer
from core.domain.precontract.kinds import PRODUCT_KINDS
from core.domain.precontract.rui import MISSING, Rui, printed
from core.domain.quotes.quotation import offers
from core.domain.rui.intermediary import rui_for_documents
from core.money import amount, euro_text
from tenants.config import Tenant

MAX_OFFERS_SHOWN = 20


@dataclass(frozen=True, slots=True)
class Offer:
    company: str
    premium: str
    """The gross premium as printed (``1.050,00 €``)."""


@dataclass(frozen=True, slots=True)
class Facts:
    intermediary: str
    address: str
    intermediary_rui: Rui
    collaborator: str
    collaborator_email: str
    collaborator_rui: Rui
    customer: str
    fiscal_code: str
    email: str
    product: str
    offers: tuple[Offer, ...]
    quote_id: str

    def fingerprint(self, product_hashes: list[str]) -> str:
        """SHA-256 of these facts and of the product documents' hashes."""
        blob = json.dumps([asdict(self), product_hashes], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()


def _offers(quote: m.Quote) -> tuple[Offer, ...]:
    found = []
    for company, offer in sorted(offers(quote).items())[:MAX_OFFERS_SHOWN]:
        premium = amount(offer.get("tot")) or Decimal(0)
        found.append(Offer(company[:100], euro_text(premium)))
    return tuple(found)


async def facts_of(session: AsyncSession, tenant: Tenant, quote: m.Quote) -> Facts:
    """The quote's facts as they stand now."""
    agent = await session.get(m.User, quote.agent_id) if quote.agent_id else None
    product = await session.get(m.Product, quote.product_id) if quote.product_id else None
    customer = record_customer(quote)
    rui = await rui_for_documents(session, quote.agent_id)
    address = getattr(tenant, "address", None)
    return Facts(
        intermediary=tenant.title,
        address=address.strip()[:300] if isinstance(address, str) and address.strip() else MISSING,
        intermediary_rui=printed(rui["intermediary"]),
        collaborator=(agent.name or agent.email) if agent else MISSING,
        collaborator_email=agent.email if agent else MISSING,
        collaborator_rui=printed(rui["collaborator"]),
        customer=customer.name if customer else MISSING,
        fiscal_code=(customer.fiscal_code or MISSING) if customer else MISSING,
        email=(customer.email or "") if customer else "",
        product=product.name if product else MISSING,
        offers=_offers(quote),
        quote_id=quote.id,
    )


async def product_documents(
    session: AsyncSession, product_id: str | None
) -> list[m.ProductDocument]:
    """The product's current documents, in the order DIP, DIP aggiuntivo, conditions."""
    if product_id is None:
        return []
    stmt = select(m.ProductDocument).where(
        m.ProductDocument.product_id == product_id, m.ProductDocument.current.is_(True)
    )
    rows = (await session.execute(stmt)).scalars().all()
    order = {kind: i for i, kind in enumerate(PRODUCT_KINDS)}
    return sorted(rows, key=lambda row: order.get(row.kind, 99))
