"""One exception hierarchy; HTTP and realtime translate it in one place each.

Messages are Italian: people read them.
"""

from __future__ import annotations

from typing import Any


class SportelloError(Exception):
    """Base of every error the app raises on purpose."""

    status_code = 500
    name = "ServerError"

    def __init__(self, message: str, *, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "message": self.message, **self.extra}


class ClientError(SportelloError):
    """The caller's mistake (400): the message says what to change."""

    status_code = 400
    name = "BadRequest"


class NotAuthenticated(ClientError):
    """Nobody is logged in (401)."""

    status_code = 401
    name = "NotAuthenticated"


class Forbidden(ClientError):
    """The user may not do this (403)."""

    status_code = 403
    name = "Forbidden"


class NotFound(ClientError):
    """No such record, or not one the user may see (404)."""

    status_code = 404
    name = "NotFound"


class Conflict(ClientError):
    """The record changed meanwhile or the change clashes with it (409)."""

    status_code = 409
    name = "Conflict"


class TooManyAttempts(ClientError):
    status_code = 429
    name = "TooManyAttempts"

    def __init__(self, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message, extra={"retryAfter": retry_after} if retry_after else None)
        self.retry_after = retry_after
        """Seconds after which trying again may succeed (the ``Retry-After`` header)."""


class TimedOut(ClientError):
    """Nothing came in time (an integration waiting for a one-time code)."""

    status_code = 408


class Gone(ClientError):
    status_code = 410
    name = "Gone"


class TooLarge(ClientError):
    status_code = 413
    name = "TooLarge"
