"""The commissions a policy change takes back (docs/rules/policy-changes.md).

* A **refund** of a cancelled policy (an instalment row with ``info.kind == "rimborso"``)
  names its change (``info.change``), whose ``details.refund`` lists what it gives back of
  each paid receipt (``id``: the instalment, or the policy for a single payment) with the
  commission parts that net carried (kept server-side: instalments travel to every user
  who sees the policy, commission shares do not). Once the
  refund is paid, each beneficiary's credit on that receipt is brought to what it would be
  had the given-back part never been collected: a take-back of
  payout(G − T) − payout(G), G being the beneficiary's part of the receipt and T the part
  taken back, the withholding computed on each whole (art. 25-bis DPR 600/1973), so that
  rounding cannot make credit + take-back differ from payout(G − T).
* An **endorsement** whose receipt is negative (an ``appendice`` row, money back to the
  customer) takes back payout(|G|) once it is paid.
* Each take-back stands while its refund is paid and the receipt it reduces is credited;
  should either be undone, a restoring entry undoes it (and a new take-back follows a new
  payment). Keys name the refund, the receipt, the user and the cycle, posted once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.once import insert_once
from core.db.types import utcnow
from core.domain.commissions.rules import Payout, payout
from core.domain.commissions.withholding import base_percent
from core.money import ZERO

CREDIT = "provvigione"
REVERSAL = "storno"
APPLY = "ripresa"
UNDO = "ripristino"
REFUND = "rimborso"
ENDORSEMENT = "appendice"


def signed_payout(gross: Decimal, ritenuta: Decimal, base: Decimal) -> Payout:
    """:func:`payout` of a signed gross: the magnitude's, with the sign put back."""
    found = payout(abs(gross), ritenuta, base)
    if gross >= 0:
        return found
    return Payout(-found.gross, -found.withholding, -found.net)


def takeback(gross: Decimal, taken: Decimal, ritenuta: Decimal, base: Decimal) -> Payout:
    """What brings a credit of ``signed_payout(gross)`` to ``signed_payout(gross − taken)``."""
    before = signed_payout(gross, ritenuta, base)
    after = signed_payout(gross - taken, ritenuta, base)
    return Payout(after.gross - before.gross, after.withholding - before.withholding,
                  after.net - before.net)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TakeBack:
    """One beneficiary's take-back for one receipt a change reduces."""

    key: str
    instalment_id: str
    user_id: str
    gross: Decimal
    """The beneficiary's part of the receipt reduced (0 for a negative endorsement)."""
    taken: Decimal
    """What of it is taken back (signed as the receipt)."""
    due: bool
    """The change's row is paid and the receipt it reduces is collected."""
    label: str


def _d(value: Any) -> Decimal:
    return Decimal(str(value or 0))


def takebacks(
    policy: m.Policy, collaborator: str | None, refunds: Mapping[str, Sequence[Any]]
) -> Iterator[TakeBack]:
    """Every take-back the policy's change rows carry (``refunds``: each change's list of
    receipts given back)."""
    rows = {r.id: r for r in policy.instalments}
    where = f"polizza {policy.number or policy.id}"
    for row in policy.instalments:
        info = row.info or {}
        kind = info.get("kind")
        if kind == ENDORSEMENT and row.total < 0:
            label = f"Storno provvigione per appendice {row.number} {where}"
            for user, part in ((collaborator, row.agent_total + row.parent_total),
                               (policy.referrer_id, row.referrer_total)):  # fmt: skip
                if user and part:
                    yield TakeBack(f"{row.id}/-", row.id, user, ZERO, -part, row.paid, label)
        if kind != REFUND:
            continue
        for part in refunds.get(str(info.get("change")), ()):
            if not isinstance(part, dict):
                continue
            basis_id = str(part.get("id"))
            basis = rows.get(basis_id)
            if basis is not None:
                credited = basis.paid
                tree, referred = basis.agent_total + basis.parent_total, basis.referrer_total
            elif basis_id == policy.id:
                credited = policy.paid
                tree, referred = policy.agent_total + policy.parent_total, policy.referrer_total
            else:
                continue
            label = (
                f"Storno provvigione per annullamento {where} "
                f"({'rata ' + str(part.get('n')) if part.get('n') else 'pagamento unico'})"
            )
            pairs = ((collaborator, tree, _d(part.get("agent")) + _d(part.get("parent"))),
                     (policy.referrer_id, referred, _d(part.get("referrer"))))  # fmt: skip
            for user, gross, taken in pairs:
                if user and taken:
                    yield TakeBack(f"{row.id}/{basis_id}", row.id, user, gross, taken,
                                   row.paid and credited, label)  # fmt: skip


async def settle_takebacks(
    session: AsyncSession, policy: m.Policy, collaborator: str | None, by: str | None
) -> list[m.BalanceEntry]:
    """Post what makes the ledger's take-backs match the policy's change rows."""
    ids = [
        str((r.info or {}).get("change")) for r in policy.instalments
        if (r.info or {}).get("kind") == REFUND
    ]  # fmt: skip
    refunds: dict[str, Sequence[Any]] = {}
    if ids:
        found = select(m.PolicyChange.id, m.PolicyChange.details).where(m.PolicyChange.id.in_(ids))
        refunds = {
            change_id: (details or {}).get("refund") or []
            for change_id, details in (await session.execute(found)).all()
        }
    wanted = list(takebacks(policy, collaborator, refunds))
    if not wanted:
        return []
    stmt = select(m.BalanceEntry).where(
        m.BalanceEntry.policy_id == policy.id,
        m.BalanceEntry.posting_key.like(f"{APPLY}:%")
        | m.BalanceEntry.posting_key.like(f"{UNDO}:%"),
    )
    posted = list((await session.execute(stmt)).scalars())
    profiles: dict[str, tuple[Decimal, Decimal] | None] = {}
    entries: list[m.BalanceEntry] = []
    for item in wanted:
        mine = [
            e for e in posted if e.posting_key and f":{item.key}:{item.user_id}:" in e.posting_key
        ]
        applied = [e for e in mine if e.posting_key and e.posting_key.startswith(f"{APPLY}:")]
        undone = len(mine) - len(applied)
        active = len(applied) > undone
        if item.due and not active:
            if item.user_id not in profiles:
                user = await session.get(m.User, item.user_id)
                profiles[item.user_id] = (
                    (user.ritenuta, base_percent(user.withholding_base)) if user else None
                )
            profile = profiles[item.user_id]
            if profile is None:
                continue  # the user was deleted
            money = takeback(item.gross, item.taken, *profile)
            entry = _entry(policy, item, APPLY, len(applied), money, item.label, by)
        elif not item.due and active:
            last = max(applied, key=lambda e: e.at)
            undo = Payout(-last.gross, -last.withholding, -last.amount)
            entry = _entry(policy, item, UNDO, undone, undo, f"Ripristino: {last.description}", by)
        else:
            continue
        if await insert_once(session, entry):
            entries.append(entry)
    return entries


def _entry(
    policy: m.Policy, item: TakeBack, step: str, cycle: int, money: Payout, description: str,
    by: str | None,
) -> m.BalanceEntry:  # fmt: skip
    return m.BalanceEntry(
        tenant_id=policy.tenant_id, user_id=item.user_id, at=utcnow(),
        kind=REVERSAL if money.gross < 0 else CREDIT, amount=money.net, gross=money.gross,
        withholding=money.withholding, description=description[:200], policy_id=policy.id,
        instalment_id=item.instalment_id, created_by=by,
        posting_key=f"{step}:{item.key}:{item.user_id}:{cycle}",
    )  # fmt: skip
