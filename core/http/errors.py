"""Errors to HTTP, in one place: ``{"error": {"name", "message"}}`` with Italian messages."""

from __future__ import annotations

from typing import Any

import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException, SerializationException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

from core.context import NoTenantError
from core.db.engine import is_busy
from core.db.tenancy import CrossTenantWriteError
from core.errors import SportelloError
from core.messages import BAD_REQUEST, FORBIDDEN, INVALID_DATA, INVALID_JSON, LOGIN_FIRST, NOT_FOUND
from core.validation import italian_problem

log = structlog.get_logger(__name__)

STATUS_MESSAGES = {
    400: BAD_REQUEST,
    401: LOGIN_FIRST,
    403: FORBIDDEN,
    404: NOT_FOUND,
    405: "Metodo non consentito",
    413: "Richiesta troppo grande",
    415: "Formato della richiesta non supportato",
    429: "Troppe richieste: riprova più tardi",
}


def _body(name: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"name": name, "message": message, **extra}}


def sportello_error(_: Request, exc: SportelloError) -> Response[Any]:  # type: ignore[type-arg]
    retry_after = getattr(exc, "retry_after", None)
    headers = {"Retry-After": str(retry_after)} if retry_after else None
    body = _body(exc.name, exc.message, **exc.extra)
    return Response(body, status_code=exc.status_code, headers=headers)


def _problem(message: str) -> str:
    """Our own validators' messages (already Italian) as they are; pydantic's translated."""
    own = message.removeprefix("Value error, ")
    if own != message and not own.startswith("Input should"):
        return own
    return italian_problem(message)


def validation_error(_: Request, exc: ValidationException) -> Response[Any]:  # type: ignore[type-arg]
    problems = [
        {"campo": item.get("key"), "problema": _problem(str(item.get("message", "")))}
        for item in (exc.extra if isinstance(exc.extra, list) else [])
        if isinstance(item, dict)
    ]
    detail = str(exc.detail or "")
    message = INVALID_JSON if "json" in detail.lower() and not problems else INVALID_DATA
    if problems:  # the first problem named, as the socket's calls name it (core.validation)
        where = f" ({problems[0]['campo']})" if problems[0]["campo"] else ""
        message = f"{message}: {problems[0]['problema']}{where}"
    return Response(_body("ValidationError", message, dettagli=problems), status_code=400)


def http_error(_: Request, exc: HTTPException) -> Response[Any]:  # type: ignore[type-arg]
    message = STATUS_MESSAGES.get(exc.status_code, "Errore")
    if exc.status_code == 400 and isinstance(exc.__cause__, SerializationException):
        message = INVALID_JSON
    return Response(
        _body(type(exc).__name__, message), status_code=exc.status_code, headers=exc.headers
    )


def tenancy_error(_: Request, exc: Exception) -> Response[Any]:  # type: ignore[type-arg]
    log.error("tenancy.violation", error=str(exc))
    return Response(_body("Forbidden", FORBIDDEN), status_code=403)


def too_deep(_: Request, exc: RecursionError) -> Response[Any]:  # type: ignore[type-arg]
    """msgspec gives up on absurdly nested JSON with a RecursionError."""
    log.warning("http.too_deep", error=str(exc))
    body = _body("BadRequest", "JSON non valido: troppi livelli annidati")
    return Response(body, status_code=400)


BUSY = "Servizio molto carico: riprova tra qualche secondo"
BUSY_RETRY_S = 2


def server_error(_: Request, exc: Exception) -> Response[Any]:  # type: ignore[type-arg]
    if is_busy(exc):  # the embedded database still locked after its busy timeout: load
        log.warning("http.database_busy")
        body = _body("TooManyAttempts", BUSY, retryAfter=BUSY_RETRY_S)
        return Response(body, status_code=429, headers={"Retry-After": str(BUSY_RETRY_S)})
    log.exception("http.unhandled", error=str(exc))
    return Response(
        _body("ServerError", "Errore interno del server"),
        status_code=HTTP_500_INTERNAL_SERVER_ERROR,
    )


EXCEPTION_HANDLERS: dict[type[Exception] | int, Any] = {
    SportelloError: sportello_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    NoTenantError: tenancy_error,
    CrossTenantWriteError: tenancy_error,
    RecursionError: too_deep,
    Exception: server_error,
}
