"""The settings object clients receive (SPEC §3 'Settings')."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import msgspec
import nh3
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.policies.payment_rules import payment_methods_payload
from core.domain.quotes.statuses import tenant_statuses
from core.domain.settings.branding import branding
from core.extensions import Host
from core.lines import stored_settings
from tenants.config import Tenant


def product_payload(product: m.Product) -> dict[str, Any]:
    return {
        "_id": product.id,
        "type": product.line,
        "name": product.name,
        "icon": product.icon,
        "description": product.description,
        "fields": product.fields or [],
        "companies": product.companies or {},
        "active": product.active,
        "ramo": product.ramo,
    }


def products_hash(products: Sequence[dict[str, Any]]) -> str:
    """Changes whenever any product definition changes (clients cache products by it)."""
    return hashlib.sha256(
        msgspec.json.encode(sorted(products, key=lambda p: p["_id"]))
    ).hexdigest()[:16]


def support_html(stored: m.TenantSettings | None, tenant: Tenant) -> str:
    """The 'Assistenza amministrativa' HTML, sanitised: clients render it as HTML."""
    return nh3.clean(stored.assistenza if stored and stored.assistenza else tenant.assistenza)


ADMINS_ONLY = ("askOtp",)
"""Settings only admins receive: which company an integration asked a one-time code for (the
admins answer it; nobody else has anything to do with it)."""


def settings_payload(
    runtime: Host,
    tenant: Tenant,
    stored: m.TenantSettings | None,
    enabled: Sequence[str],
    products_digest: str,
    *,
    admin: bool,
) -> dict[str, Any]:
    """The settings as a user receives them: ``admin`` or not (:data:`ADMINS_ONLY`)."""
    data = {**runtime.default_settings, **(stored.data if stored else {})}
    if not admin:
        data = {key: value for key, value in data.items() if key not in ADMINS_ONLY}
    return {
        **data,
        **branding(tenant, stored),
        "APP_NAME": tenant.app_name,
        "BUILD": runtime.settings.app.build,
        "DOMAIN": tenant.domains[0],
        "wording": tenant.wording.model_dump(),
        "assistenza": support_html(stored, tenant),
        "extraProducts": [
            {"_id": line.id, "name": line.name, "icon": line.icon}
            for line in (runtime.product_lines[p] for p in enabled)
            if line.extra_product
        ],
        "stati": [s.as_setting() for s in tenant_statuses(runtime, stored)],
        "productsHash": products_digest,
        "webpush": stored.vapid_public_key if stored else None,
        "paymentMethods": payment_methods_payload(data),
    }


async def tenant_data(session: AsyncSession, runtime: Host) -> dict[str, Any]:
    """The tenant's settings data (``compagnie``, ``frazionamenti``…): defaults, then stored."""
    stored = await stored_settings(session)
    return {**runtime.default_settings, **(stored.data if stored else {})}
