"""Each password login counted by outcome (``sportello_logins_total``)."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from core.auth.throttle import AccountLocked
from core.errors import Forbidden, NotAuthenticated, TooManyAttempts
from core.observability.metrics import count_login

P = ParamSpec("P")
T = TypeVar("T")


def outcome_of(error: Exception) -> str:
    """The outcome label of a login that raised ``error``."""
    match error:
        case AccountLocked():
            return "locked"
        case TooManyAttempts():
            return "throttled"  # rate limits, checks in flight, no hashing slot
        case NotAuthenticated():
            return "wrong_credentials"
        case Forbidden():
            return "suspended"
    return "error"


def counted(login: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Count each call of ``login``: ``ok`` when it returns, else by what it raised."""

    @functools.wraps(login)
    async def counting(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            result = await login(*args, **kwargs)
        except Exception as error:
            count_login(outcome_of(error))
            raise
        count_login("ok")
        return result

    return counting
