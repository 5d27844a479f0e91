"""What the register's tests share: the route, valid owners and plates, and helpers that
add plates over HTTP or read the register as stored."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from core.api import models as m
from core.api import tenant_scope
from core.testing import Client, Live, Runtime, ScClient, add_quote, login, user_id
from plugins.rca.models import Plate, PlateWord

ROUTE = "/api/targhe/"
TENANTS = ("rcadealer", "assicurapp_dev")
"""The demo tenants offering the line; assicurapp does not."""
DEMO_PLATES = ("AB123CD", "EF456GH", "GH789JK", "LM012NP", "X2B4CD", "XA123BC", "XY12345")
"""The demo register, sorted by plate (LM012NP is the sub-agent's)."""
SUB_AGENTS_PLATE = "LM012NP"
PAYLOAD_KEYS = {
    "_id", "targa", "tipo", "tipoBersani", "targaAgev", "clientId", "cliente", "cf", "aId", "agId",
    "marca", "modello", "immatricolazione", "polizza", "preventivo", "at",
}  # fmt: skip
ROSSI = {"nome": "Mario Rossi", "cf": "RSSMRA80A01H501U"}
VERDI = {"nome": "Luigi Verdi", "cf": "VRDLGU75B12F205B"}
NERI = {"nome": "Giuseppe Neri", "cf": "NREGPP66C03L219L"}
BIANCHI_CF = "BNCLCU80A01H501Q"
"""A demo client of the demo agent's tree (Luca Bianchi)."""
# one valid plate of each kind, and one a kind refuses
VALID = {
    "autovettura": "BC234DE",
    "motociclo": "BC23456",
    "ciclomotore": "X3C5DF",
    "rimorchio": "XB234CD",
}
INVALID = {
    "autovettura": ("BC2345", "Targa non valida per un'autovettura: il formato è AA000AA"),
    "motociclo": ("BC234DE", "Targa non valida per un motociclo: il formato è AA00000"),
    "ciclomotore": ("X1234", "Targa non valida per un ciclomotore: il contrassegno"),
    "rimorchio": ("XI234CD", "Targa non valida per un rimorchio: il formato è XA000AA"),
}


def new_plate(targa: str = "BC234DE", tipo: str = "autovettura", **extra: Any) -> dict[str, Any]:
    """A body for ``POST /api/targhe/``: a Fiat 500 registered in 2020, owned by Mario Rossi."""
    return {
        "targa": targa, "tipo": tipo, "marca": "Fiat", "modello": "500",
        "immatricolazione": {"isNew": False, "date": "2020-05-04"}, "cliente": ROSSI, **extra,
    }  # fmt: skip


async def add(client: Client, headers: dict[str, str], **body: Any) -> dict[str, Any]:
    """Add a plate (``new_plate`` with ``body`` over it); the 201 payload."""
    response = await client.post(ROUTE, json=new_plate(**body), headers=headers)
    assert response.status_code == 201, response.text
    payload: dict[str, Any] = response.json()
    return payload


async def listed(client: Client, headers: dict[str, str], q: str | None = None) -> list[str]:
    """The plates ``GET /api/targhe/`` answers (searched with ``q``), in order."""
    params: dict[str, str | int] = {"limit": 200} if q is None else {"q": q, "limit": 200}
    response = await client.get(ROUTE, params=params, headers=headers)
    assert response.status_code == 200, response.text
    return [row["targa"] for row in response.json()["targhe"]]


async def headers(client: Client, role: str) -> dict[str, str]:
    """Logged in as the demo account ``role``."""
    return await login(client, role)


def error(response: Any) -> str:
    """The Italian message of a refused request."""
    message: str = response.json()["error"]["message"]
    return message


async def stored(runtime: Runtime, tenant: str, plate: str) -> Plate:
    """The plate as stored (retired too)."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(Plate).where(Plate.plate == plate))
            return found.scalar_one()


async def keys(runtime: Runtime, tenant: str, plate_id: str) -> set[str]:
    """The search keys stored for a plate."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(PlateWord.word).where(PlateWord.plate_id == plate_id)
            )
            return set(found.scalars())


async def client_row(runtime: Runtime, tenant: str, client_id: str) -> m.Client:
    """A client as stored."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.get(m.Client, client_id)
            assert found is not None
            return found


TENANT = "rcadealer"
START = date(2026, 3, 1)
END = date(2027, 3, 1)


def customer_data(plate: str) -> list[dict[str, Any]]:
    return [
        {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": "Marta Colombo"},
        {"_id": "cf", "name": "Codice fiscale", "type": "cf", "value": "CLMMRT80A41F205X"},
        {"_id": "targa", "name": "Targa", "type": "targa", "value": {"value": plate}},
        {"_id": "veicolo", "name": "Veicolo", "type": "marcamodello",
         "value": {"brand": "Fiat", "model": "Panda"}},
        {"_id": "imm", "name": "Immatricolazione", "type": "immatricolazione",
         "value": {"isNew": False, "date": "2019-04-02"}},
    ]  # fmt: skip


async def rc_product(live: Live) -> str:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Product.id).where(m.Product.name == "RC Auto")
            return str((await session.execute(stmt)).scalar_one())


async def issued_policy(
    live: Live, admin: ScClient, plate: str, number: str, end: date = END, start: date = START
) -> dict[str, Any]:
    """A quote of the agent of ``TENANT`` for ``plate`` quoted, asked for emission and
    issued."""
    agent_id = await user_id(live.runtime, TENANT, "agente")
    quote_id = await add_quote(
        live.runtime, TENANT, None, agent_id, product_id=await rc_product(live),
        status="In attesa di quotazione", usr_data=customer_data(plate),
    )  # fmt: skip
    await admin.invoke(
        "quotaPreventivo", {"pId": quote_id, "company": "Allianz", "tot": 480, "province": "MI"}
    )
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    policy: dict[str, Any] = await admin.invoke("emettiPolizza", {
        "pId": quote_id, "number": number, "startDate": start.isoformat(),
        "endDate": end.isoformat(), "paymentMethod": "Bonifico", "confirmPastStart": True,
        "overrideReason": "Documenti verificati in agenzia",
    })  # fmt: skip
    return policy
