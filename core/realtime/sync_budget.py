"""How many full ``getDbData`` syncs a user, and a tenant, may start per minute.

A full sync reads, encodes and sends a user's whole portfolio: the heaviest thing a client
can ask for. :class:`~core.realtime.sync_gate.SyncGate` bounds how many run at once; this
bounds how many start in a window, so one agent repeating them (or one tenant's crowd) cannot
keep a process busy for everyone else. A resync by watermark costs little and is not counted.
The counts live with every other rate limit (:class:`~core.http.ratelimit.RateLimits`: memory
or Redis), so every process of an instance shares them.
"""

from __future__ import annotations

from core.http.ratelimit import RateLimits

TOO_MANY_FULL_SYNCS = "Troppe sincronizzazioni complete: riprova tra {seconds} secondi"
USER_RULE = "full_syncs_per_user"
TENANT_RULE = "full_syncs_per_tenant"


class SyncBudget:
    """Full syncs counted per user and per tenant."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits

    async def spend(self, tenant_id: str, user_id: str) -> None:
        """Count one full sync of ``user_id``; refuse it (429, when to retry) past either
        budget. A sync refused for its user does not count against the tenant."""
        if not await self.limits.allow(USER_RULE, tenant_id, user_id):
            raise await self.limits.refusal(
                USER_RULE, tenant_id, user_id, message=TOO_MANY_FULL_SYNCS
            )
        if not await self.limits.allow(TENANT_RULE, tenant_id):
            raise await self.limits.refusal(TENANT_RULE, tenant_id, message=TOO_MANY_FULL_SYNCS)
