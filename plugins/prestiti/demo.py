"""Demo loan practices for tenants that offer loans, priced as the line prices them: the usury
table of the current quarter, then one practice of each kind, quoted through the same rules as
``prestiti.quotazione`` (instalment, TAEG, the fifth of pay, the threshold)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from core.api import DemoContext, new_demo_product, rome_day, utcnow
from core.api import models as m
from plugins.prestiti.models import UsuryRate
from plugins.prestiti.money.kinds import LoanKind
from plugins.prestiti.money.usury import Category, quarter
from plugins.prestiti.practice import Offer, prepare_loan, priced
from plugins.prestiti.tegm import PRODUCT_ID

COMPANIES = {
    "IBL Banca": {"provv": 3, "istruttoria": 300, "qMin": 1, "qMax": 4},
    "Banca Sella": {"provv": 2, "istruttoria": 200, "qMin": 1, "qMax": 4},
    "Intesa Sanpaolo": {"provv": 1, "istruttoria": 800, "qMin": 0.5, "qMax": 2},
}
FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "required": True},
    {"_id": "cf", "name": "Codice fiscale", "type": "cf", "required": True},
    {"_id": "email", "name": "Email", "type": "text"},
    {"_id": "telefono", "name": "Telefono", "type": "text"},
]
SHARES = {"provvIstruttoria": 40, "provvConsulenza": 50}
"""The demo collaborators' part of a practice's istruttoria and consultancy, in %."""
TABLE: tuple[tuple[Category, str, str, str | None], ...] = (
    (Category.CESSIONE_QUINTO, "11.54", "0", "15000"),
    (Category.CESSIONE_QUINTO, "8.66", "15000", None),
    (Category.CREDITO_PERSONALE, "10.85", "0", None),
    (Category.CREDITO_FINALIZZATO, "10.98", "0", None),
    (Category.MUTUO_TASSO_FISSO, "3.91", "0", None),
    (Category.MUTUO_TASSO_VARIABILE, "4.63", "0", None),
    (Category.ALTRI_FINANZIAMENTI, "11.71", "0", None),
)
"""Average rates of the kind a quarterly decree publishes (illustrative demo figures: an
admin enters each quarter's decree in the usury table)."""

IN_WORK = "In lavorazione compagnia"

PRACTICES: tuple[tuple[str, dict[str, Any], Offer | None, str], ...] = (
    ("agente", {"type": LoanKind.CESSIONE_QUINTO_STIPENDIO.value, "Importo_richiesto": 30000,
                "Durata": 120, "Netto_mensile": 1850},
     Offer(Istituto="IBL Banca", TAN=Decimal("6.95"), Importo_finanziato=Decimal(30000),
           Istruttoria=Decimal(300), Polizza=Decimal(450)), IN_WORK),
    ("agente", {"type": LoanKind.PRESTITO_PERSONALE.value, "Importo_richiesto": 15000,
                "Durata": 60},
     Offer(Istituto="Banca Sella", TAN=Decimal("7.90"), Importo_finanziato=Decimal(15000),
           Istruttoria=Decimal(200), Spese_incasso=Decimal("1.50")), "Preventivato"),
    ("subagente", {"type": LoanKind.MUTUO.value, "Importo_richiesto": 180000, "Durata": 25,
                   "Istituto": "Intesa Sanpaolo"}, None, "In attesa di quotazione"),
)  # fmt: skip


async def seed_loans(ctx: DemoContext) -> None:
    product = await new_demo_product(
        ctx, PRODUCT_ID, name="Finanziamenti", icon="cash-banknote", companies=COMPANIES
    )
    if product is None:
        return
    product.fields = FIELDS
    product.description = "Cessione del quinto, prestiti personali e mutui dei nostri istituti."
    await _give_shares(ctx)
    today = rome_day(utcnow())
    first, last = quarter(today.year, (today.month - 1) // 3 + 1)
    for category, tegm, above, up_to in TABLE:
        ctx.session.add(UsuryRate(
            category=category.value, tegm=Decimal(tegm), above=Decimal(above),
            up_to=None if up_to is None else Decimal(up_to), valid_from=first, valid_to=last,
        ))  # fmt: skip
    await ctx.session.flush()
    for index, (owner, asked, offer, status) in enumerate(PRACTICES):
        prepared = await prepare_loan(ctx.session, product, asked)
        prodotto = prepared["prodotto"]
        if offer is not None:
            prodotto |= await priced(ctx.session, product, prodotto, offer)
        sub = owner == "subagente"
        working = status == IN_WORK  # its emission requested: it earns (the report shows it)
        ctx.session.add(m.Quote(
            type=PRODUCT_ID, product_id=product.id, agent_id=ctx.accounts[owner],
            parent_agent_id=ctx.accounts["agente"] if sub else None, status=status,
            at=utcnow() - timedelta(days=5 * index + 1),
            usr_data=[{"_id": "nome", "name": "Nome e cognome", "type": "text",
                       "value": "Giulia Verdi"}],
            prodotto=prodotto,
            emission_requested_at=utcnow() - timedelta(days=5 * index) if working else None,
            emission_requested_by=ctx.accounts[owner] if working else None,
        ))  # fmt: skip


async def _give_shares(ctx: DemoContext) -> None:
    for key in ("agente", "subagente"):
        user = await ctx.session.get(m.User, ctx.accounts[key])
        if user is not None:
            line = {**(user.provv or {}).get(PRODUCT_ID, {}), **SHARES}
            user.provv = {**(user.provv or {}), PRODUCT_ID: line}
