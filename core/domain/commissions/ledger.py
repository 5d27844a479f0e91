"""The collaborator balance ledger (``balance.log``), append-only and posted once.

* Collecting an instalment credits the **collaborator** (the top-level agent of the policy's
  tree: the platform pays them, they pay their sub-agents) with the tree's commission on it,
  and the **referrer** with their share; each credit is net of the user's withholding, on
  their base (art. 25-bis DPR 600/1973: the rate on 50 % or 20 % of it, none in the
  flat-rate regime), the entry keeping gross, withholding and net as posted.
* Undoing a collection posts a reversal (``storno``) of the credit; collecting again posts a
  new credit. :func:`settle` brings the ledger in line with what is paid, so calling it twice,
  or from two requests at once, posts once: a credit's key names the instalment, the user and
  the cycle, and the (tenant, key) index is unique.
* A positive endorsement receipt (``info.kind == "appendice"``) is credited like an
  instalment once collected; a refund of a cancelled policy and a negative endorsement take
  back what they give back (:mod:`core.domain.commissions.takebacks`).
* Admins post payouts, advances and adjustments by hand, with a reason.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.once import insert_once
from core.db.types import utcnow
from core.domain.commissions.rules import payout
from core.domain.commissions.takebacks import settle_takebacks
from core.domain.commissions.withholding import base_percent
from core.money import ZERO

CREDIT = "provvigione"
REVERSAL = "storno"
PAYOUT = "pagamento"
ADVANCE = "anticipo"
ADJUSTMENT = "rettifica"


@dataclass(frozen=True, slots=True)
class Due:
    """What one user earns on one collected item (an instalment, or a single-payment policy)."""

    item_id: str
    instalment_id: str | None
    paid: bool
    user_id: str
    gross: Decimal
    label: str
    paid_at: datetime | None


def collaborator_of(policy: m.Policy) -> str | None:
    """Whose balance a policy's commission goes to: the top-level agent of its tree."""
    return policy.parent_agent_id or policy.agent_id


def dues(policy: m.Policy) -> Iterator[Due]:
    """Every credit a policy's collected or collectable items carry."""
    regular = [r for r in policy.instalments if not (r.info or {}).get("kind")]
    items: list[tuple[str, str | None, bool, Decimal, Decimal, str, datetime | None]] = [
        (r.id, r.id, r.paid, r.agent_total + r.parent_total, r.referrer_total,
         f"rata {r.number}", r.paid_at)
        for r in regular
    ] or [(policy.id, None, policy.paid, policy.agent_total + policy.parent_total,
           policy.referrer_total, "pagamento unico", policy.paid_at)]  # fmt: skip
    items += [
        (r.id, r.id, r.paid, r.agent_total + r.parent_total, r.referrer_total,
         f"appendice {r.number}", r.paid_at)
        for r in policy.instalments
        if (r.info or {}).get("kind") == "appendice" and r.total > 0
    ]  # fmt: skip
    collaborator = collaborator_of(policy)
    for item_id, instalment_id, paid, tree, referred, label, paid_at in items:
        where = f"{label} polizza {policy.number or policy.id}"
        if collaborator:
            yield Due(
                item_id, instalment_id, paid, collaborator, tree, f"Provvigione {where}", paid_at
            )
        if policy.referrer_id and referred:
            yield Due(
                item_id, instalment_id, paid, policy.referrer_id, referred,
                f"Segnalazione {where}", paid_at,
            )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Source:
    """What a credit is posted for: a policy, or a product line's practice."""

    tenant_id: str
    policy_id: str | None = None
    quote_id: str | None = None


async def settle(
    session: AsyncSession, policy: m.Policy, *, by: str | None = None, backdate: bool = False
) -> list[m.BalanceEntry]:
    """Post the credits and reversals that make the ledger match what is paid; the entries
    posted (none when it already matched). Entries are dated now; ``backdate`` dates a
    credit on its payment (demo data with a history)."""
    stmt = select(m.BalanceEntry).where(
        m.BalanceEntry.policy_id == policy.id, m.BalanceEntry.kind.in_((CREDIT, REVERSAL))
    )
    posted = list((await session.execute(stmt)).scalars())
    source = Source(policy.tenant_id, policy_id=policy.id)
    entries = await match(session, list(dues(policy)), posted, source, by, backdate)
    return entries + await settle_takebacks(session, policy, collaborator_of(policy), by)


async def match(
    session: AsyncSession, due_items: Sequence[Due], posted: Sequence[m.BalanceEntry],
    source: Source, by: str | None = None, backdate: bool = False,
) -> list[m.BalanceEntry]:  # fmt: skip
    """Post what makes ``posted`` (a source's credits and reversals) match ``due_items``."""
    profiles: dict[str, tuple[Decimal, Decimal] | None] = {}
    entries: list[m.BalanceEntry] = []
    for due in due_items:
        mine = [
            e for e in posted
            if e.user_id == due.user_id and e.posting_key and f":{due.item_id}:" in e.posting_key
        ]  # fmt: skip
        credits = [e for e in mine if e.kind == CREDIT]
        reversals = sum(1 for e in mine if e.kind == REVERSAL)
        active = len(credits) > reversals
        if due.paid and not active and due.gross > 0:
            if due.user_id not in profiles:
                user = await session.get(m.User, due.user_id)
                profiles[due.user_id] = (
                    (user.ritenuta, base_percent(user.withholding_base)) if user else None
                )
            profile = profiles[due.user_id]
            if profile is None:
                continue  # the user was deleted
            money = payout(due.gross, *profile)
            at = due.paid_at if backdate else None
            entry = _entry(
                due, CREDIT, money.net, money.gross, money.withholding, reversals, source, by, at
            )
        elif not due.paid and active:
            last = max(credits, key=lambda e: e.at)
            undone = f"Storno {last.description[:1].lower()}{last.description[1:]}"
            entry = _entry(
                due, REVERSAL, -last.amount, -last.gross, -last.withholding, reversals, source,
                by, None, description=undone,
            )  # fmt: skip
        else:
            continue
        if await insert_once(session, entry):
            entries.append(entry)
    return entries


def _entry(
    due: Due, kind: str, net: Decimal, gross: Decimal, withholding: Decimal, cycle: int,
    source: Source, by: str | None, at: datetime | None, description: str | None = None,
) -> m.BalanceEntry:  # fmt: skip
    return m.BalanceEntry(
        tenant_id=source.tenant_id, user_id=due.user_id, at=at or utcnow(), kind=kind,
        amount=net, gross=gross, withholding=withholding,
        description=description or due.label, policy_id=source.policy_id,
        quote_id=source.quote_id, instalment_id=due.instalment_id,
        posting_key=f"{kind}:{due.item_id}:{due.user_id}:{cycle}", created_by=by,
    )  # fmt: skip


async def post_manual(
    session: AsyncSession, user: m.User, kind: str, value: Decimal, reason: str, by: str,
    request_id: str,
) -> m.BalanceEntry | None:  # fmt: skip
    """A payout or advance (a debit of ``value``) or an adjustment (``value`` signed); once
    per ``request_id``: ``None`` when that request was already posted."""
    signed = -value if kind in (PAYOUT, ADVANCE) else value
    entry = m.BalanceEntry(
        tenant_id=user.tenant_id, user_id=user.id, at=utcnow(), kind=kind, amount=signed,
        gross=signed, withholding=ZERO, description=reason, created_by=by,
        posting_key=f"manuale:{request_id}",
    )  # fmt: skip
    return entry if await insert_once(session, entry) else None


@dataclass(frozen=True, slots=True)
class Statement:
    """A ledger over a range: the balance before it, its entries, and the balance after."""

    opening: Decimal
    entries: Sequence[m.BalanceEntry]
    closing: Decimal
    credits: Decimal = ZERO
    """The range's credits and debits (negative), over every entry, listed or not."""
    debits: Decimal = ZERO
    truncated: bool = False
    """More entries than a statement lists: the first ones are listed, the sums cover all."""
