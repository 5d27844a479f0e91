"""Saving ``/impostazioni``: checked field by field, written in one change of the tenant's
settings row (audited), which the ``settings`` stream announces to every open client."""

from __future__ import annotations

from typing import Any

import nh3
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.once import insert_once
from core.domain.quotes.statuses import tenant_statuses
from core.domain.settings.rules import FIXED_STATUS_NAME, SettingsChanges
from core.errors import ClientError, Forbidden
from core.extensions import Host
from core.messages import NOT_FOR_YOUR_ROLE, UPLOAD_LIMIT_ABOVE
from tenants.config import Tenant

DATA_FIELDS = (
    "title", "colors", "template", "compagnie", "rami", "frazionamenti", "slides",
    "plateInQuote", "maxUploadMb", "metodiPagamento",
    "retrodatazioneMaxGiorni", "solleciti", "sollecitiEmail", "sollecitiPush",
    "consegnaPrecontrattuale",
)  # fmt: skip


async def stored_or_new(session: AsyncSession) -> m.TenantSettings:
    """The tenant's settings row, to be changed: locked until the request ends, so two saves
    at once (a folder each, a setting and an OTP request) never write over each other; made
    now when the tenant has none (two first saves at once share the row the unique key
    keeps)."""
    stmt = for_update(select(m.TenantSettings))
    stored = (await session.execute(stmt)).scalar_one_or_none()
    if stored is None:
        stored = m.TenantSettings(data={}, extra_stati=[], disabled_products=[])
        if not await insert_once(session, stored):
            stored = (await session.execute(stmt)).scalar_one()
    return stored


def _check_statuses(host: Host, changes: SettingsChanges) -> None:
    built_in = {status.id: status.name for status in tenant_statuses(host, None)}
    for status in changes.stati or ():
        fixed = built_in.get(status.id)
        if fixed is not None and fixed != status.name:
            raise ClientError(FIXED_STATUS_NAME.format(id=status.id, name=fixed))


async def save_settings(
    session: AsyncSession, host: Host, tenant: Tenant, actor: Principal, changes: SettingsChanges
) -> m.TenantSettings:
    if not perm.sees_settings(actor):
        raise Forbidden(NOT_FOR_YOUR_ROLE)
    _check_statuses(host, changes)
    if changes.maxUploadMb is not None and changes.maxUploadMb > tenant.max_upload_mb:
        raise ClientError(UPLOAD_LIMIT_ABOVE.format(mb=tenant.max_upload_mb))
    stored = await stored_or_new(session)
    given = changes.model_dump(mode="json", exclude_unset=True, exclude_none=True)
    data: dict[str, Any] = dict(stored.data or {})
    data.update({key: given[key] for key in DATA_FIELDS if key in given})
    stored.data = data
    if changes.stati is not None:
        stored.extra_stati = [status.stored() for status in changes.stati]
    if changes.assistenza is not None:
        stored.assistenza = nh3.clean(changes.assistenza)
    await session.flush()
    return stored


def set_logo(stored: m.TenantSettings, key: str) -> str | None:
    """Point the tenant's logo at a stored file; the key of the one it replaces."""
    data = dict(stored.data or {})
    previous = data.get("logo")
    data["logo"] = key
    stored.data = data
    return previous if isinstance(previous, str) else None
