"""The RC Auto product where the tenant offers RCA (rcadealer, assicurapp_dev): a plain insurance
product of the motor liability ramo, whose customer fields describe the vehicle (plate, make
and model, registration, risk certificate, current policy) and the cover (massimale), offered by
the demo companies on terms like the other demo products'. Core's demo portfolio has a plain
'RC Auto' in every tenant: here it is taken over (its ramo set, the missing fields and
companies added) rather than doubled; ``new_demo_product`` says how.

One demo quote of the demo agent goes with it: Luca Bianchi's Fiat Panda (AB123CD, in the
register) with five years of certificate holding claims of both kinds of responsibility, so its
page shows a CU class derived step by step (14, down to 12, one claim with main responsibility,
then the equal-responsibility shares reaching 80 %: class 15). Idempotent: a tenant whose RC
Auto has its ramo is seeded.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from core.api import DemoContext, new_demo_product, rome_day, utcnow
from core.api import models as m

LINE = "rca"
NAME = "RC Auto"
RAMO = "rca"
"""Motor liability (core's tax table): the provincial tax and the SSN contribution."""
COMPANIES: dict[str, Any] = {
    "Allianz": {"provv": 8, "istruttoria": 20, "qMin": 2, "qMax": 10},
    "Generali": {"provv": 9, "istruttoria": 25, "qMin": 2, "qMax": 8},
    "UnipolSai": {"provv": 10, "istruttoria": 15, "qMin": 2, "qMax": 9},
}
FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "required": True},
    {"_id": "cf", "name": "Codice fiscale / Partita IVA", "type": "cf", "required": True},
    {"_id": "targa", "name": "Targa", "type": "targa", "required": True},
    {"_id": "marcamodello", "name": "Marca e modello", "type": "marcamodello"},
    {"_id": "immatricolazione", "name": "Immatricolazione", "type": "immatricolazione"},
    {"_id": "atr", "name": "Attestato di rischio", "type": "atr"},
    {"_id": "pa", "name": "Polizza attuale", "type": "pa"},
    {"_id": "massimale", "name": "Massimale", "type": "massimale"},
]
DESCRIPTION = (
    "Responsabilità civile auto: la classe di merito CU dall'attestato di rischio, "
    "i dati del veicolo dal registro targhe."
)
MASSIMALE = 10_000_000


async def seed_rca_product(ctx: DemoContext) -> None:
    """The RC Auto product (and its demo quote) the tenant lacks."""
    product = await new_demo_product(
        ctx, LINE, name=NAME, icon="car", companies=COMPANIES, plain=True, ramo=RAMO
    )
    if product is None:
        return
    product.fields = with_fields(product.fields or [], FIELDS)
    product.description = product.description or DESCRIPTION
    await ctx.session.flush()
    ctx.session.add(demo_quote(ctx, product, rome_day(utcnow())))


def with_fields(fields: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``fields`` with each of ``wanted`` it lacks (by id) added at the end, in order."""
    present = {field.get("_id") for field in fields}
    return [*fields, *(dict(field) for field in wanted if field["_id"] not in present)]


def certificate(today: date) -> dict[str, Any]:
    """Five years before this one: a clean year, a claim with equal responsibility (50 %), a
    clean year, a claim with main responsibility, a second equal-responsibility claim (30 %)."""
    first = today.year - 5
    years: dict[str, Any] = {
        str(first): 0,
        str(first + 1): {"principali": 0, "paritarie": [50]},
        str(first + 2): 0,
        str(first + 3): {"principali": 1, "paritarie": []},
        str(first + 4): {"principali": 0, "paritarie": [30]},
    }
    return {"years": years, "total": 3}


def demo_quote(ctx: DemoContext, product: m.Product, today: date) -> m.Quote:
    """Luca Bianchi's RC Auto quote of the demo agent, 'In attesa di quotazione'."""
    names = {field["_id"]: field for field in product.fields or []}
    values: dict[str, Any] = {
        "nome": "Luca Bianchi",
        "cf": "BNCLCU80A01H501Q",
        "targa": {"value": "AB123CD", "tipoBersani": "autovettura", "targaAgev": False},
        "marcamodello": {"brand": "Fiat", "model": "Panda 1.0 Hybrid"},
        "immatricolazione": {"isNew": False, "date": "2019-03-14"},
        "atr": certificate(today),
        "pa": {
            "isInsured": True,
            "company": "Allianz",
            "exp": (today + timedelta(days=20)).isoformat(),
        },
        "massimale": MASSIMALE,
    }
    usr_data = [
        {"_id": key, "name": names[key]["name"], "type": names[key]["type"], "value": value}
        for key, value in values.items()
        if key in names
    ]
    return m.Quote(
        product_id=product.id,
        agent_id=ctx.accounts["agente"],
        status="In attesa di quotazione",
        at=utcnow() - timedelta(hours=2),
        usr_data=usr_data,
    )
