"""A quote's pre-contract paperwork in the customer's export and erasure: the versions of its
pre-contract documents (made for the customer, with the confirmation's time, address and
hashes) and its answers on demands and needs.

Both prove what the customer was told and asked before the contract (IVASS Reg. 40/2018,
artt. 56, 58 and 59), so they follow the quote: kept with a quote that is part of a kept
policy, for as long; otherwise removed in the erasure — the sets' and the answers' rows, and
the files made for this customer (the annexes and the answers' summary). The product's own
documents (DIP, conditions) are the company's, shared by every quote, and stay."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.needs.assessments import SUMMARY as NEEDS_SUMMARY
from core.domain.precontract.kinds import ANNEX_KINDS, NEEDS_KIND
from core.domain.precontract.sets import SUMMARY as PRECONTRACT_SUMMARY
from core.domain.privacy import retention as r
from core.domain.privacy.attached import Fate, Outcome

MADE_FOR_THE_CUSTOMER = (*ANNEX_KINDS, NEEDS_KIND)
"""The kinds of a set's files made for its quote (the rest are the product's)."""
SUMMARIES = (PRECONTRACT_SUMMARY, NEEDS_SUMMARY)
"""Keys of the quote's details that sum up the paperwork (they name answers and dates)."""
LABEL = "Documenti precontrattuali e richieste ed esigenze"
SET_FIELDS = ("documents", "email", "confirmed_address", "confirmed_hashes", "override_reason")
ANSWER_FIELDS = ("answers", "mismatches", "address")
"""What the activity log loses of removed sets and answers (it keeps that they existed)."""


@dataclass
class Removed:
    """What the erasure removed of the paperwork: the stored files' keys and the rows' ids."""

    keys: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)


async def _rows(
    session: AsyncSession, quote_ids: Collection[str]
) -> tuple[list[m.PrecontractSet], list[m.NeedsAssessment]]:
    if not quote_ids:
        return [], []
    ids = list(quote_ids)
    sets = select(m.PrecontractSet).where(m.PrecontractSet.quote_id.in_(ids))
    answers = select(m.NeedsAssessment).where(m.NeedsAssessment.quote_id.in_(ids))
    return (
        list((await session.execute(sets.order_by(m.PrecontractSet.version))).scalars()),
        list((await session.execute(answers.order_by(m.NeedsAssessment.answered_at))).scalars()),
    )


async def exported_paperwork(
    session: AsyncSession, quote_ids: Collection[str]
) -> list[dict[str, Any]]:
    """Per visible quote with any: each version's documents (title, name, SHA-256) and its
    confirmation, and each set of answers with its mismatches."""
    sets, answers = await _rows(session, quote_ids)
    found: dict[str, dict[str, Any]] = {}
    for made in sets:
        entry = found.setdefault(made.quote_id, {"quoteId": made.quote_id, "precontract": [],
                                                 "needs": []})  # fmt: skip
        entry["precontract"].append({
            "version": made.version, "madeAt": made.made_at.isoformat(),
            "documents": [{k: d.get(k) for k in ("kind", "title", "name", "sha256")}
                          for d in made.documents],
            "confirmedAt": made.confirmed_at.isoformat() if made.confirmed_at else None,
            "confirmedAddress": made.confirmed_address, "confirmedChannel": made.confirmed_channel,
            "overrideAt": made.override_at.isoformat() if made.override_at else None,
            "overrideReason": made.override_reason,
        })  # fmt: skip
    for row in answers:
        entry = found.setdefault(row.quote_id, {"quoteId": row.quote_id, "precontract": [],
                                                "needs": []})  # fmt: skip
        entry["needs"].append({
            "answeredAt": row.answered_at.isoformat(), "channel": row.channel,
            "address": row.address,
            "answers": [{"question": a.get("question"), "answer": a.get("answer")}
                        for a in row.answers],
            "mismatches": row.mismatches,
        })  # fmt: skip
    return list(found.values())


async def settle_paperwork(
    session: AsyncSession,
    quote_fates: Mapping[str, Fate],
    quotes: Mapping[str, m.Quote],
    outcome: Outcome,
) -> Removed:
    """Keep or remove each quote's paperwork as its quote (``quote_fates``: the client's
    quotes and its policies' quotes); what was removed, for the activity log's scrub and the
    files to delete once the erasure is committed."""
    sets, answers = await _rows(session, quote_fates)
    removed = Removed()
    for quote_id, fate in quote_fates.items():
        own_sets = [s for s in sets if s.quote_id == quote_id]
        own_answers = [a for a in answers if a.quote_id == quote_id]
        if not own_sets and not own_answers:
            continue
        if fate is not None:
            outcome.kept.append(r.Kept("precontrattuale", quote_id, LABEL,
                                       f"{r.PRECONTRACT}; {fate[0]}", fate[1]))  # fmt: skip
            continue
        for made in own_sets:
            made_here = [d for d in made.documents if d.get("kind") in MADE_FOR_THE_CUSTOMER]
            removed.keys += [str(d["key"]) for d in made_here if d.get("key")]
            removed.sets.append(made.id)
            await session.delete(made)
        for row in own_answers:
            removed.answers.append(row.id)
            await session.delete(row)
        quote = quotes.get(quote_id) or await session.get(m.Quote, quote_id)
        if quote is not None and any(key in (quote.quote or {}) for key in SUMMARIES):
            quote.quote = {k: v for k, v in (quote.quote or {}).items() if k not in SUMMARIES}
        outcome.anonymise("precontrattuale", quote_id, LABEL)
    return removed
