"""A policy's money at issue: the premium's split into net and taxes
(:mod:`core.domain.taxes.split`), the company commission on the net premium, its split (the
rules of :mod:`core.domain.commissions.rules`) and the instalments' share of each part."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.commissions.rules import Rates, Split, commission_on, emission_rate, split
from core.domain.policies.schedule import Rata, schedule
from core.domain.taxes.split import Premium

MAX_AMOUNT = Decimal("10000000")
"""The largest premium accepted (ten million euros)."""


def rates_for(
    agent: m.User | None, parent: m.User | None, referrer: m.User | None, product_id: str | None
) -> Rates:
    """The emission rates of the agent, its parent (for a sub-agent) and its referrer."""

    def rate(user: m.User | None) -> Decimal | None:
        return emission_rate(user.provv or {}, product_id) if user is not None else None

    return Rates(rate(agent) or Decimal(0), rate(parent), rate(referrer))


async def referrer_of(session: AsyncSession, agent_ids: Iterable[str | None]) -> m.User | None:
    """The referrer (segnalatore) who lists the agent, else the agent's parent, if any."""
    wanted = [a for a in agent_ids if a]
    stmt = select(m.User).where(m.User.role_key == "segnalatore").order_by(m.User.id)
    referrers = (await session.execute(stmt)).scalars().all()
    for agent_id in wanted:
        for user in referrers:
            if agent_id in (user.referred_user_ids or []):
                return user
    return None


def set_premium(policy: m.Policy, premium: Premium) -> None:
    """Set ``policy``'s gross premium and its split into net and taxes."""
    wire = premium.wire()
    policy.premium, policy.net_premium = premium.gross, premium.net
    policy.tax_total, policy.tax_derived, policy.ramo = (
        premium.tax_total, premium.derived, premium.ramo
    )  # fmt: skip
    policy.taxes = wire["taxes"]


def price_policy(
    policy: m.Policy,
    premium: Premium,
    company_rate: Decimal,
    rates: Rates,
    referrer_id: str | None,
    start: date,
) -> tuple[Split, list[Rata]]:
    """Set ``policy``'s premium and its split, the company commission on the net premium and
    its shares; return the shares and the schedule."""
    set_premium(policy, premium)
    shares = split(commission_on(premium.net, company_rate), rates)
    policy.commission = shares.commission
    policy.agent_total, policy.parent_total = shares.agent, shares.parent
    policy.referrer_id = referrer_id if shares.referrer or rates.referrer is not None else None
    policy.referrer_total = shares.referrer
    policy.rates = {
        "company": str(company_rate), "agent": str(rates.agent),
        **({"parent": str(rates.parent)} if rates.parent is not None else {}),
        **({"referrer": str(rates.referrer)} if rates.referrer is not None else {}),
    }  # fmt: skip
    return shares, schedule(premium.gross, shares, policy.frequency, start, premium.net)


def instalment_of(rata: Rata, tenant_id: str | None = None) -> m.Instalment:
    """A scheduled instalment as a row (unpaid)."""
    row = m.Instalment(
        number=rata.number, cassa_date=rata.cassa, total=rata.total, net=rata.net, tax=rata.tax,
        agent_total=rata.agent,
        commission=rata.commission, parent_total=rata.parent, referrer_total=rata.referrer,
        paid=False,
    )  # fmt: skip
    if tenant_id is not None:
        row.tenant_id = tenant_id
    return row


async def price_from_quote(
    session: AsyncSession,
    policy: m.Policy,
    quote: m.Quote,
    premium: Premium,
    company_rate: Decimal,
    start: date,
) -> Split:
    """Price ``policy`` issued from ``quote`` as issuing does: the rates from the agent's, the
    parent's and the referrer's own records, the company commission on the net premium, and
    the instalments scheduled from ``start`` (unpaid). The demo data goes through it too."""
    agent = await session.get(m.User, quote.agent_id) if quote.agent_id else None
    parent = await session.get(m.User, quote.parent_agent_id) if quote.parent_agent_id else None
    referrer = await referrer_of(session, (quote.agent_id, quote.parent_agent_id))
    rates = rates_for(agent, parent, referrer, quote.product_id)
    shares, scheduled = price_policy(
        policy, premium, company_rate, rates, referrer.id if referrer else None, start
    )
    for rata in scheduled:
        policy.instalments.append(instalment_of(rata, quote.tenant_id))
    return shares
