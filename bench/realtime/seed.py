"""The bench database: migrations, the demo data, and a large portfolio for the demo agent.

Run as ``python -m bench.realtime.seed --quotes N --policies M`` with the server's
environment; prints one JSON line: the agent's bench quote ids and one quote's wire payload
(the python-socketio server broadcasts that same payload).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.db.types import new_id, utcnow
from core.domain.quotes.serialize import quote_payload

TENANT = "assicurapp"
AGENT_EMAIL = "agente@demo.it"
INITIAL_STATUS = "Preventivato"
CHUNK = 1000
CLIENTS = 200


NOTE_WORDS = ("polizza", "veicolo", "garanzia", "massimale", "franchigia", "sinistro",
              "conducente", "residenza", "classe", "bonus", "furto", "incendio")  # fmt: skip


def _notes(n: int, size: int) -> list[dict[str, Any]]:
    """``size`` bytes of form fields in a few notes (a quote's long answers), text that
    compresses as prose does rather than as one repeated letter."""
    fields: list[dict[str, Any]] = []
    made = 0
    while made < size:
        words = [NOTE_WORDS[(n * 7 + made + i * i) % len(NOTE_WORDS)] for i in range(60)]
        text = f"{n} " + " ".join(f"{w}{(n + i) % 97}" for i, w in enumerate(words))
        fields.append({"_id": f"nota{len(fields)}", "name": "Nota", "type": "text", "value": text})
        made += len(text) + 50
    return fields


def _usr_data(n: int, extra_bytes: int = 0) -> list[dict[str, Any]]:
    return [
        {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": f"Cliente {n:05d}"},
        {"_id": "cf", "name": "Codice fiscale / Partita IVA", "type": "cf",
         "value": f"RSSMRA80A01H{n % 1000:03d}U"},
        {"_id": "targa", "name": "Targa", "type": "targa",
         "value": {"value": f"AB{n % 1000:03d}CD", "tipoBersani": "auto", "targaAgev": None}},
        {"_id": "uso", "name": "Uso", "type": "Selezione", "value": "Privato"},
        *_notes(n, extra_bytes),
    ]  # fmt: skip


async def _insert(session: AsyncSession, model: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), CHUNK):
        await session.execute(insert(model), rows[start : start + CHUNK])


async def seed_portfolio(
    session: AsyncSession, quotes: int, policies: int, extra_bytes: int = 0
) -> list[str]:
    """``quotes`` quotes (each with ``extra_bytes`` more of form answers) and ``policies``
    policies (with instalments) of the demo agent."""
    agent = (await session.execute(select(m.User).where(m.User.email == AGENT_EMAIL))).scalar_one()
    product = (
        await session.execute(select(m.Product).where(m.Product.line.is_(None)).limit(1))
    ).scalar_one()
    now = utcnow()
    stamps = {"created_at": now, "updated_at": now}
    clients = [
        {"id": new_id(), "name": f"Cliente {n:05d}", "agent_id": agent.id, **stamps}
        for n in range(CLIENTS)
    ]
    await _insert(session, m.Client, clients)
    quote_rows = [
        {
            "id": new_id(), "product_id": product.id, "agent_id": agent.id,
            "client_id": clients[n % CLIENTS]["id"], "status": INITIAL_STATUS,
            "archived": False, "renew": False, "at": now - timedelta(minutes=n),
            "usr_data": _usr_data(n, extra_bytes), "car": {}, "prodotto": {}, "allegati": {},
            "price": {"company": {"Allianz": {"tot": 480 + n % 300}}, "platform": {"tot": 40}},
            "quote": {"qFattura": 4}, **stamps,
        }
        for n in range(quotes)
    ]  # fmt: skip
    await _insert(session, m.Quote, quote_rows)
    policy_rows, instalment_rows = [], []
    today = date.today()
    for n in range(policies):
        quote = quote_rows[n % max(quotes, 1)] if quotes else None
        count = 1 + n % 2  # annual or half-yearly
        policy_id = new_id()
        policy_rows.append({
            "id": policy_id, "quote_id": quote and quote["id"], "agent_id": agent.id,
            "client_id": clients[n % CLIENTS]["id"], "company": "Allianz",
            "number": f"AZ-{n:06d}", "end_date": today + timedelta(days=n % 365),
            "frequency": "ANN" if count == 1 else "SEM", "payment_method": "bonifico",
            "prepaid": False, "paid": False, "allegati": {},
            "pr": {"type": None, "renew": False, "aId": agent.id, "agId": None,
                   "usrData": [{"_id": "Nome", "value": "Cliente"},
                               {"_id": "Cognome", "value": f"{n:05d}"}]},
            "quote": {"price": {"company": {"Allianz": {"nPolizza": f"AZ-{n:06d}"}}},
                      "data": {"company": "Allianz"}},
            **stamps,
        })  # fmt: skip
        instalment_rows += [
            {
                "id": new_id(), "policy_id": policy_id, "number": i + 1,
                "cassa_date": today - timedelta(days=180 * i), "total": Decimal("240.00"),
                "agent_total": Decimal("24.00"), "paid": i > 0, "info": {}, **stamps,
            }
            for i in range(count)
        ]  # fmt: skip
    await _insert(session, m.Policy, policy_rows)
    await _insert(session, m.Instalment, instalment_rows)
    return [str(row["id"]) for row in quote_rows]


async def _written_yesterday(session: AsyncSession) -> None:
    """Date every synced row a day back: a resync measured next finds nothing changed, as a
    browser's does, instead of resending all that the resync margin (30 s) covers."""
    yesterday = utcnow() - timedelta(days=1)
    for model in (m.User, m.Client, m.Quote, m.Policy, m.Instalment, m.Chat):
        await session.execute(update(model).values(updated_at=yesterday))


async def seed(quotes: int, policies: int, extra_bytes: int = 0) -> dict[str, Any]:
    from core.db.migrate import upgrade
    from core.demo.seed import seed_demo
    from core.logging import configure_logging
    from core.runtime import Runtime
    from core.settings import get_settings

    configure_logging(get_settings())
    runtime = Runtime.build(get_settings())
    try:
        await upgrade(runtime.settings, runtime.pm)
        await seed_demo(runtime)
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                ids = await seed_portfolio(session, quotes, policies, extra_bytes)
            async with runtime.db.session() as session:
                await _written_yesterday(session)
            async with runtime.db.session() as session:
                sample = await session.get(m.Quote, ids[0]) if ids else None
                template = quote_payload(sample) if sample else {}
    finally:
        await runtime.db.dispose()
    return {"quote_ids": ids, "template": template}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quotes", type=int, required=True)
    parser.add_argument("--policies", type=int, required=True)
    parser.add_argument("--extra-bytes", type=int, default=0, help="more form answers per quote")
    args = parser.parse_args()
    found = asyncio.run(seed(args.quotes, args.policies, args.extra_bytes))
    print(json.dumps(found), flush=True)


if __name__ == "__main__":
    main()
