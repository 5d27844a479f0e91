"""One-time codes, registered through the same hooks plugins use: the route an integration
uses to ask the admins for a code, and the ``submitOtp-{company}`` channel their answer is
published on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from litestar import post
from litestar.params import JSONBody
from litestar.types import ControllerRouterHandler

from core.domain.otp.ask import (
    ASK_ADMINS_ONLY,
    CHANNEL_PREFIX,
    NO_CODE,
    TOO_MANY,
    OtpRequest,
    OtpTimeout,
    ask_otp,
    request_otp,
    submit_otp,
)
from core.errors import Conflict, Forbidden, TimedOut
from core.extensions import ClientPublish
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep
from core.realtime.otp import TooManyWaits


@post("/api/otp", summary="Ask the admins for a company's one-time code; with waitS, wait for it")
async def ask_for_otp(
    data: JSONBody[OtpRequest], principal: PrincipalDep, db_session: SessionDep,
    runtime: RuntimeDep,
) -> dict[str, Any]:  # fmt: skip
    """``{company}`` asks; ``{company, waitS}`` holds the request until an admin's code
    comes (``{company, code}``) or the wait is over (408)."""
    if not principal.is_admin:
        raise Forbidden(ASK_ADMINS_ONLY)
    if not data.waitS:
        return await request_otp(db_session, data.company)
    await db_session.commit()  # no transaction held while waiting (on SQLite, the write lock)
    try:
        code = await ask_otp(runtime.hub, runtime.db, principal.tenant_id, data.company, data.waitS)
    except OtpTimeout as exc:
        raise TimedOut(NO_CODE) from exc
    except TooManyWaits as exc:
        raise Conflict(TOO_MANY) from exc
    return {"company": data.company, "code": code}


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [ask_for_otp]


@hookimpl
def register_client_publish() -> Sequence[ClientPublish]:
    return [ClientPublish(CHANNEL_PREFIX, submit_otp)]
