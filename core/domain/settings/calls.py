"""``salvaImpostazioni``: the socket twin of ``PUT /api/settings``."""

from __future__ import annotations

from typing import Any

from core.domain.settings.rules import SettingsChanges
from core.domain.settings.save import save_settings
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse


async def save_settings_call(ctx: CallContext, data: Any) -> dict[str, bool]:
    actor = logged_in(ctx)
    await save_settings(ctx.session, ctx.host, ctx.tenant, actor, parse(SettingsChanges, data))
    return {"ok": True}
