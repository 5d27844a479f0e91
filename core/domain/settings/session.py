"""What ``tokenLogin`` answers: the user, the users they may see, the tenant's settings and,
when the client's copy is stale, the products (SPEC §7)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core import permissions as perm
from core.auth import service
from core.auth.menu import menu_payload, open_lines
from core.db import models as m
from core.domain.documents.area_rules import FOLDERS, visible_folders
from core.domain.settings.payload import product_payload, products_hash, settings_payload
from core.domain.users.serialize import user_payload
from core.extensions import CallContext
from core.lines import stored_settings
from core.realtime.publications import synced_streams


async def session_data(ctx: CallContext, user: m.User, known_hash: str | None) -> dict[str, Any]:
    principal = service.principal_of(user)
    stored = await stored_settings(ctx.session)
    enabled = await ctx.host.lines.enabled(ctx.session, ctx.tenant, stored)
    products = [
        product_payload(p)
        for p in (await ctx.session.execute(select(m.Product).where(m.Product.active)))
        .scalars()
        .all()
    ]
    digest = products_hash(products)
    users = (await ctx.session.execute(select(m.User))).scalars().all()
    answer: dict[str, Any] = {
        "BUILD": ctx.host.settings.app.build,
        "u": user_payload(user),
        "utenti": {
            u.id: user_payload(u)
            for u in users
            if perm.user_visible(principal, {"_id": u.id, "role": u.role})
        },
        "settings": {
            **settings_payload(
                ctx.host, ctx.tenant, stored, enabled, digest, admin=principal.is_admin
            ),
            FOLDERS: visible_folders(principal, stored.data if stored else {}),
        },
        "port": ctx.host.settings.app.port,
        "menu": await menu_payload(ctx.host, ctx.session, ctx.tenant, principal),
        "lines": await open_lines(ctx.host, ctx.session, ctx.tenant, principal),
        "streams": [p.channel for p in await synced_streams(ctx.host, ctx.session, principal)],
    }
    if known_hash != digest:
        answer["products"] = {p["_id"]: p for p in products}
    return answer
