"""A policy with instalments is paid once every instalment is, on the last one's payment day."""

from __future__ import annotations

from core.db import models as m


def follow_instalments(policy: m.Policy) -> None:
    """Set ``policy.paid`` and ``paid_at`` from its instalments (the single payment of a policy
    without instalments is left as it is)."""
    if not policy.instalments:
        return
    policy.paid = all(r.paid for r in policy.instalments)
    paid_dates = [r.paid_at for r in policy.instalments if r.paid_at is not None]
    policy.paid_at = max(paid_dates) if policy.paid and paid_dates else None
