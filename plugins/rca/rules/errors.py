"""The one refusal the RCA rules raise: a client error (400) with the reason in Italian."""

from __future__ import annotations

from core.api import ClientError


class RcaRuleError(ClientError, ValueError):
    """A plate, a risk history or a household the rules do not admit.

    A :class:`~core.api.ClientError`, so a call or a route answers 400 with :attr:`message`;
    also a :class:`ValueError`, so plain callers may catch that.
    """
