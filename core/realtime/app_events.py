"""Admin triggers sent to every open app of a tenant: ``restartApp`` and ``closePopUp``.

``restartApp`` makes each client reload (after a deploy, say); ``closePopUp`` closes every
open dialog. An admin sends them with the ``sendAppEvent`` call; operators with
``sportello app-event``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from core.errors import Forbidden
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import strict

APP_EVENTS = ("restartApp", "closePopUp")
ADMINS_ONLY = "Non consentito: solo un amministratore può inviare questo comando"


class AppEventBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event: Literal["restartApp", "closePopUp"]


async def send_app_event(ctx: CallContext, data: Any) -> dict[str, str]:
    """Broadcast ``restartApp`` or ``closePopUp`` to every socket of the caller's tenant."""
    if not logged_in(ctx).is_admin:
        raise Forbidden(ADMINS_ONLY)
    body = strict(AppEventBody, data)
    await ctx.host.hub.send_event(ctx.tenant.id, body.event)
    return {"sent": body.event}
