"""The one refusal the loan rules raise: a client error (400) with the reason in Italian."""

from __future__ import annotations

from core.api import ClientError


class LoanRuleError(ClientError, ValueError):
    """A loan figure the rules do not admit (an amount, a duration, a rate, a limit of law).

    A :class:`~core.api.ClientError`, so a call or a route answers 400 with :attr:`message`;
    also a :class:`ValueError`, so plain callers (the bench, a script) may catch that.
    """
