"""Demo data on first start: the DESIGN §6 accounts and a portfolio per tenant (idempotent)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import structlog
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.passwords import hash_password
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.extensions import DemoContext
from core.plugins import call_all_async
from core.runtime import Runtime
from tenants.config import Tenant

log = structlog.get_logger(__name__)

DEMO_PASSWORD = "demo1234"

# key, email, name, role factory (given the agent's id for the sub-agent link)
ACCOUNTS: tuple[tuple[str, str, str, Callable[[dict[str, str]], dict[str, object]]], ...] = (
    ("admin", "admin@demo.it", "Alessandra Amministratrice", lambda _: {"admin": True}),
    ("responsabile", "responsabile@demo.it", "Roberto Responsabile",
     lambda _: {"responsabile": True}),
    ("agente", "agente@demo.it", "Mario Rossi", lambda _: {"a": {"type": "agente"}}),
    ("subagente", "subagente@demo.it", "Sara Bianchi",
     lambda ids: {"a": {"type": "subagente", "aId": ids["agente"]}}),
    ("dipendente", "dipendente@demo.it", "Davide Dipendente", lambda _: {"e": True}),
    ("segnalatore", "segnalatore@demo.it", "Sergio Segnalatore", lambda _: {"segnalatore": True}),
)  # fmt: skip


async def seed_demo(runtime: Runtime, progress: Callable[[str], None] | None = None) -> None:
    """Seed every tenant that has not been seeded yet."""
    for tenant in runtime.tenants:
        with tenant_scope(tenant.id):
            async with runtime.db.session() as session:
                stored = await runtime.stored_settings(session)
                if stored is not None and stored.demo_seeded_at is not None:
                    continue
                password = hash_password(DEMO_PASSWORD)
                ids: dict[str, str] = {}
                for key, email, name, role in ACCOUNTS:
                    user = (
                        await session.execute(select(m.User).where(m.User.email == email))
                    ).scalar_one_or_none()
                    if user is None:
                        user = m.User(
                            email=email, name=name, password_hash=password, role=role(ids)
                        )
                        session.add(user)
                        await session.flush()
                    ids[key] = user.id
                _link_demo_users(await _users(session, ids), ids, runtime, tenant)
                if stored is None:
                    stored = m.TenantSettings()
                    session.add(stored)
                ctx = DemoContext(tenant, session, ids, runtime.settings)
                await call_all_async(runtime.pm.hook.seed_demo_data(ctx=ctx))
                stored.demo_seeded_at = utcnow()
        log.info("demo.seeded", tenant=tenant.id)
        if progress:
            progress(tenant.id)


DEMO_TAX_PROFILES = {
    "agente": ("50", "RSSMRA80A01H501U", None, "IT60X0542811101000000123456"),
    "subagente": ("20", "VRDGPP75C15L219H", "01234567897", "IT87X0306909606100000063190"),
    "segnalatore": ("nessuna", "BNCLRA85M41F205C", "12345678903", "IT45A0200802435000104428964"),
}
"""The demo collaborators' tax profiles (base, codice fiscale, partita IVA, IBAN): valid
codes made up for the demo."""


async def _users(session: AsyncSession, ids: dict[str, str]) -> dict[str, m.User]:
    return {key: user for key, uid in ids.items() if (user := await session.get(m.User, uid))}


def _link_demo_users(
    users: dict[str, m.User], ids: dict[str, str], runtime: Runtime, tenant: Tenant
) -> None:
    offered = runtime.lines.offered(tenant)
    extra = [p for p in offered if runtime.product_lines[p].extra_product]
    for key in ("responsabile", "segnalatore"):
        users[key].extra_products = extra
    for key in ("agente", "subagente"):
        users[key].extra_products = extra
        users[key].provv = {"default": 10, **{p: {"provvEmissione": 12} for p in extra}}
    for key, (base, tax_code, vat, iban) in DEMO_TAX_PROFILES.items():
        # 23 % (first IRPEF bracket) on the base of art. 25-bis DPR 600/1973; the referrer
        # is in the flat-rate regime: no withholding (art. 1 c. 67 L. 190/2014)
        users[key].ritenuta = Decimal(23)
        users[key].withholding_base = base
        users[key].tax_code, users[key].vat_number, users[key].iban = tax_code, vat, iban
    users["segnalatore"].referred_user_ids = [ids["agente"]]
    users["segnalatore"].provv = {"default": 2}
    users["segnalatore"].ritenuta = Decimal(23)
