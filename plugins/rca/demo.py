"""Demo plates where the tenant offers RCA (rcadealer, assicurapp_dev): a handful of vehicles
of every kind owned by the demo clients of the demo agent's tree, each linked to the demo
policy and quote that carry it. Idempotent: a plate already in the register is left as is."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from core.api import Customer, DemoContext, clients_in_tree
from core.api import models as m
from plugins.rca.models import Plate
from plugins.rca.payload import PRODUCT_ID
from plugins.rca.register import carries_plate
from plugins.rca.search import index_plates

# plate, kind, make, model, registered (None: new), owner, fiscal code, sub-agent's
PLATES = (
    ("AB123CD", "autovettura", "Fiat", "Panda 1.0 Hybrid", date(2019, 3, 14), "Luca Bianchi",
     "BNCLCU80A01H501Q", False),
    ("EF456GH", "autovettura", "Volkswagen", "Golf 1.5 TSI", None, "Giulia Verdi",
     "VRDGLI85M41F205R", False),
    ("GH789JK", "autovettura", "Toyota", "Yaris Cross", date(2021, 6, 1),
     "Autofficina Ferri S.r.l.", "01234567897", False),
    ("LM012NP", "autovettura", "Alfa Romeo", "Giulia 2.2", date(2020, 11, 20), "Paolo Esposito",
     "SPSPLA72C15F839O", True),
    ("XY12345", "motociclo", "Ducati", "Monster", date(2018, 5, 2), "Chiara Romano",
     "RMNCHR90D50L219S", False),
    ("X2B4CD", "ciclomotore", "Piaggio", "Liberty 50", date(2022, 4, 8), "Luca Bianchi",
     "BNCLCU80A01H501Q", False),
    ("XA123BC", "rimorchio", "Ellebi", "Carrello appendice", date(2015, 9, 30),
     "Trasporti Gallo S.n.c.", "09876543217", False),
)  # fmt: skip


async def _present(ctx: DemoContext) -> set[str]:
    """The demo plates the register holds already."""
    numbers = [row[0] for row in PLATES]
    found = await ctx.session.execute(select(Plate.plate).where(Plate.plate.in_(numbers)))
    return set(found.scalars())


async def _policies(ctx: DemoContext) -> list[m.Policy]:
    """The tenant's policies, latest expiry first."""
    found = await ctx.session.execute(select(m.Policy).order_by(m.Policy.end_date.desc()))
    return list(found.scalars())


async def _quotes(ctx: DemoContext) -> list[m.Quote]:
    """The tenant's quotes, newest first."""
    found = await ctx.session.execute(select(m.Quote).order_by(m.Quote.at.desc()))
    return list(found.scalars())


def _link(plate: Plate, policies: list[m.Policy], quotes: list[m.Quote]) -> None:
    """The demo policy and the latest demo quote that carry the plate, if any."""
    policy = next(
        (p for p in policies if carries_plate((p.pr or {}).get("usrData"), plate.plate)), None
    )
    if policy is not None:
        plate.policy_id, plate.policy_number = policy.id, policy.number
        plate.company, plate.expiry = policy.company, policy.end_date
    quote = next((q for q in quotes if carries_plate(q.usr_data, plate.plate)), None)
    plate.quote_id = quote.id if quote is not None else None


async def seed_plates(ctx: DemoContext) -> None:
    """The demo plates the tenant's register lacks."""
    if PRODUCT_ID not in ctx.tenant.products:
        return
    present = await _present(ctx)
    missing = [row for row in PLATES if row[0] not in present]
    if not missing:
        return
    agent, sub = ctx.accounts["agente"], ctx.accounts["subagente"]
    customers = [Customer(name=row[5], fiscal_code=row[6]) for row in missing]
    clients = await clients_in_tree(ctx.session, agent, customers, agent_id=agent)
    policies, quotes = await _policies(ctx), await _quotes(ctx)
    plates = []
    for number, kind, brand, model, day, _owner, code, by_sub in missing:
        client = clients[code]
        plate = Plate(
            plate=number, kind=kind, brand=brand, model=model, registered_new=day is None,
            registered_on=day, agent_id=sub if by_sub else agent,
            parent_agent_id=agent if by_sub else None, client_id=client.id,
            owner_name=client.name, owner_code=code, tipo_bersani=kind,
        )  # fmt: skip
        _link(plate, policies, quotes)
        plates.append(plate)
    ctx.session.add_all(plates)
    await ctx.session.flush()
    await index_plates(ctx.session, plates)
