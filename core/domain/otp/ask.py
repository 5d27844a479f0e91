"""Asking the admins for a company's one-time code, and giving it back to the integration.

* :func:`request_otp` sets the tenant's ``settings.askOtp {at, company}``: the settings stream
  tells every open app, and an admin's shows the code dialog while the request is under a
  minute old (SPEC §9);
* an admin's submission (a ``#publish`` on ``submitOtp-{company}``, :func:`submit_otp`,
  opened to clients through ``register_client_publish``)
  clears the request and puts the code on the bus;
* :func:`ask_otp` is what a company integration awaits: it asks, then waits on its own process
  for the code the bus brings from whichever process the admin used, or a timeout.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db.engine import Database
from core.db.types import utcnow
from core.domain.settings.save import stored_or_new
from core.errors import ClientError, Forbidden
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.realtime.hub import Hub
from core.validation import parse

CHANNEL_PREFIX = "submitOtp-"
NO_CODE = "Nessun codice OTP ricevuto in tempo"
TOO_MANY = "Troppe richieste di codice OTP in attesa per questa compagnia"
ADMINS_ONLY = "Solo gli amministratori inviano il codice OTP"
ASK_ADMINS_ONLY = "Solo gli amministratori chiedono il codice OTP"
BAD_CODE = "Il codice OTP va da 5 a 6 caratteri"
BAD_COMPANY = "Compagnia non valida"
MAX_WAIT_S = 300.0


class OtpTimeout(TimeoutError):
    """No admin gave the code in time."""


class OtpRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    company: str = Field(min_length=1, max_length=100)
    waitS: float = Field(default=0, ge=0, le=MAX_WAIT_S)  # noqa: N815 (wire name)
    """Seconds to wait for the code (an integration holding the request open); 0: just ask."""


async def request_otp(session: AsyncSession, company: str) -> dict[str, Any]:
    """Set the tenant's ``askOtp``: the admins' apps show the dialog for a minute."""
    body = parse(OtpRequest, {"company": company}, BAD_COMPANY)
    stored = await stored_or_new(session)
    asked = {"at": utcnow().isoformat(), "company": body.company}
    stored.data = {**(stored.data or {}), "askOtp": asked}
    await session.flush()
    return asked


async def submit_otp(ctx: CallContext, company: str, code: Any) -> None:
    """An admin's code for ``company`` (a ``#publish`` on ``submitOtp-{company}``): the
    request is cleared, the code goes on the bus to the waiting integration."""
    principal = logged_in(ctx)
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    if len(company) > 100:
        raise ClientError(BAD_COMPANY)
    session = ctx.session
    text = code.strip() if isinstance(code, str) else ""
    if not 5 <= len(text) <= 6 or not text.isalnum():
        raise ClientError(BAD_CODE)
    stored = await stored_or_new(session)
    asked = (stored.data or {}).get("askOtp")
    if isinstance(asked, dict) and asked.get("company") == company:
        stored.data = {k: v for k, v in (stored.data or {}).items() if k != "askOtp"}
        await session.flush()
    await ctx.host.hub.submit_otp(principal.tenant_id, company, text)


async def ask_otp(
    hub: Hub, db: Database, tenant_id: str, company: str, timeout_s: float = 120
) -> str:
    """Ask the tenant's admins for ``company``'s one-time code and wait for it (at most
    ``timeout_s``, capped at 5 minutes); :class:`OtpTimeout` when none comes."""
    waiting = hub.otp.open(tenant_id, company)
    try:
        with tenant_scope(tenant_id):
            async with db.session() as session:
                await request_otp(session, company)
        try:
            return await asyncio.wait_for(waiting, min(timeout_s, MAX_WAIT_S))
        except TimeoutError as exc:
            raise OtpTimeout(company) from exc
    finally:
        hub.otp.close(tenant_id, company, waiting)
