"""What this process already checked of logins and of tenants' lines, so that a socket's
handshake and subscriptions cost no database round trip in the common case: a browser
coming back with the token it had, after a restart or a network change.

Nothing here outlives a change that matters. Every ended or changed login reaches every
process as a kick on the bus (:mod:`core.auth.kicks`), and every change of a tenant's
settings as an event of its ``settings`` channel: the hub forgets the user's or the tenant's
entries on hearing them, and this process forgets its own before it publishes. When the bus
broke (its messages may be lost) everything is forgotten. A check that read the database
while a forget happened is not kept: its answer may predate the change (:meth:`since`).
Entries also expire after ``ttl_s`` and the oldest go beyond ``capacity``.

Socket calls still check the login in the database, in the transaction they run in
(:func:`core.realtime.dispatch._session_stands`): this spares only handshakes and
subscriptions, which change nothing.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from core.auth.principal import Principal
from core.auth.tokens import LoginSession

UserKey = tuple[str, str]
"""(tenant id, user id)."""


@dataclass(frozen=True, slots=True)
class KnownLogin:
    principal: Principal
    credentials_version: int
    checked_at: float


class KnownLogins:
    """Logins by token (``jti``) and enabled lines by tenant, as last read from the database."""

    def __init__(
        self,
        ttl_s: float = 60.0,
        capacity: int = 50_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl_s = ttl_s
        self.capacity = capacity
        self.clock = clock
        self._logins: OrderedDict[tuple[str, str], KnownLogin] = OrderedDict()
        self._jtis: dict[UserKey, set[str]] = {}
        self._lines: dict[str, tuple[frozenset[str], float]] = {}
        self._forgotten: dict[str, float] = {}
        """When a user's (``t/u``) or a tenant's lines (``t``) were last forgotten."""
        self._all_forgotten = float("-inf")

    @property
    def enabled(self) -> bool:
        return self.ttl_s > 0

    def now(self) -> float:
        return self.clock()

    # logins

    def login(self, tenant_id: str, session: LoginSession) -> Principal | None:
        """The principal of a login checked less than ``ttl_s`` ago with the same
        credentials version, else ``None`` (check it in the database)."""
        known = self._logins.get((tenant_id, session.jti))
        if (
            known is None
            or known.credentials_version != session.credentials_version
            or self.now() - known.checked_at > self.ttl_s
        ):
            return None
        self._logins.move_to_end((tenant_id, session.jti))
        return known.principal

    def remember_login(
        self, tenant_id: str, session: LoginSession, principal: Principal, checked_at: float
    ) -> None:
        """Keep a login found valid by a read that began at ``checked_at`` (not kept when
        the user was forgotten since)."""
        user = (tenant_id, session.user_id)
        if not self.enabled or self.since(_user(user), checked_at):
            return
        key = (tenant_id, session.jti)
        self._logins[key] = KnownLogin(principal, session.credentials_version, checked_at)
        self._logins.move_to_end(key)
        self._jtis.setdefault(user, set()).add(session.jti)
        while len(self._logins) > self.capacity:
            (old_tenant, old_jti), old = self._logins.popitem(last=False)
            jtis = self._jtis.get((old_tenant, old.principal.id))
            if jtis is not None:
                jtis.discard(old_jti)
                if not jtis:
                    del self._jtis[(old_tenant, old.principal.id)]

    def forget_user(self, tenant_id: str, user_id: str) -> None:
        """The user changed, was suspended, removed or logged out somewhere."""
        user = (tenant_id, user_id)
        for jti in self._jtis.pop(user, ()):
            self._logins.pop((tenant_id, jti), None)
        self._mark(_user(user))

    # lines

    def lines(self, tenant_id: str) -> frozenset[str] | None:
        """The lines the tenant has on, as read less than ``ttl_s`` ago, else ``None``."""
        known = self._lines.get(tenant_id)
        if known is None or self.now() - known[1] > self.ttl_s:
            return None
        return known[0]

    def remember_lines(self, tenant_id: str, lines: frozenset[str], checked_at: float) -> None:
        if self.enabled and not self.since(tenant_id, checked_at):
            self._lines[tenant_id] = (lines, checked_at)

    def forget_lines(self, tenant_id: str) -> None:
        """The tenant's settings changed (a line switched on or off)."""
        self._lines.pop(tenant_id, None)
        self._mark(tenant_id)

    # both

    def forget_all(self) -> None:
        """The bus broke: a forget may have been lost."""
        self._logins.clear()
        self._jtis.clear()
        self._lines.clear()
        self._forgotten.clear()
        self._all_forgotten = self.now()

    def since(self, key: str, checked_at: float) -> bool:
        """Whether ``key`` (``tenant/user`` or a tenant) was forgotten at or after
        ``checked_at``: a read that began then may have missed the change."""
        return max(self._forgotten.get(key, float("-inf")), self._all_forgotten) >= checked_at

    def user_since(self, tenant_id: str, user_id: str, checked_at: float) -> bool:
        return self.since(_user((tenant_id, user_id)), checked_at)

    def _mark(self, key: str) -> None:
        now = self.now()
        self._forgotten[key] = now
        if len(self._forgotten) > self.capacity:  # a flood of changes: keep the bound
            self._forgotten.clear()
            self._all_forgotten = now  # reads under way are not kept


def _user(user: UserKey) -> str:
    return f"{user[0]}/{user[1]}"
