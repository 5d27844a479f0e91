"""Demo loan practices for tenants that offer loans."""

from __future__ import annotations

from datetime import timedelta

from core.api import DemoContext, new_demo_product, utcnow
from core.api import models as m

PRODUCT_ID = "prestiti"
LOANS = (
    ("prestito", "Prestito personale", "Banca Sella", 15000, 285.40, 60),
    ("cessione", "Cessione del quinto", "IBL Banca", 30000, 350.00, 120),
    ("mutuo", "Mutuo prima casa", "Intesa Sanpaolo", 180000, 780.00, None),
)


async def seed_loans(ctx: DemoContext) -> None:
    product = await new_demo_product(
        ctx, PRODUCT_ID, name="Finanziamenti", icon="cash-banknote",
        companies={"Banca Sella": {"provv": 2, "istruttoria": 300, "qMin": 1, "qMax": 4}},
    )  # fmt: skip
    if product is None:
        return
    for index, (kind, name, bank, amount, rata, months) in enumerate(LOANS):
        ctx.session.add(
            m.Quote(
                type=PRODUCT_ID,
                product_id=product.id,
                agent_id=ctx.accounts["subagente" if index == 2 else "agente"],
                parent_agent_id=ctx.accounts["agente"] if index == 2 else None,
                status="In lavorazione compagnia" if index == 1 else "Preventivato",
                at=utcnow() - timedelta(days=5 * index + 1),
                usr_data=[{"_id": "nome", "name": "Nome", "type": "text", "value": "Giulia Verdi"}],
                prodotto={
                    "type": kind,
                    "Prodotto": name,
                    "Istituto": bank,
                    "Importo_richiesto": amount,
                    "Importo_rata": rata,
                    "Durata": months,
                    "Istruttoria": 300,
                },
                quote={"qFattura": 2},
            )
        )
