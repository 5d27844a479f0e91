"""A policy with instalments is paid once every instalment is, on the last one's payment day.

Its changes' receipts (``info.kind``, :mod:`core.domain.policy_changes`) count as what they
are: an endorsement's positive receipt is owed like an instalment; a refund and a negative
receipt are money going back, owed by no customer; rows a cancellation set aside
(``info.annullata``) are no longer owed. A single-payment policy (no regular instalment)
keeps its own ``paid``, whatever its changes' receipts."""

from __future__ import annotations

from core.db import models as m


def _owed(row: m.Instalment) -> bool:
    info = row.info or {}
    if info.get("annullata"):
        return False
    kind = info.get("kind")
    return kind is None or (kind == "appendice" and row.total > 0)


def follow_instalments(policy: m.Policy) -> None:
    """Set ``policy.paid`` and ``paid_at`` from its instalments (the single payment of a policy
    without instalments is left as it is)."""
    if not any(not (r.info or {}).get("kind") for r in policy.instalments):
        return
    owed = [r for r in policy.instalments if _owed(r)]
    policy.paid = all(r.paid for r in owed)
    paid_dates = [r.paid_at for r in owed if r.paid_at is not None]
    policy.paid_at = max(paid_dates) if policy.paid and paid_dates else None
