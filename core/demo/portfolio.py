"""A believable demo portfolio for one tenant: products, clients, quotes, policies, chat, files."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from core.db import models as m
from core.db.types import new_id, utcnow
from core.domain.commissions.ledger import settle
from core.domain.documents.files import storage_of
from core.domain.policies.issue import IN_COMPANY, POLICY_NUMBER, customer_entries
from core.domain.policies.money import price_from_quote
from core.domain.policies.paid_state import follow_instalments
from core.domain.policies.schedule import add_months
from core.domain.quotes import statuses
from core.domain.quotes.quotation import EMISSION, POLICY_ID, REQUESTED
from core.domain.taxes.seed import seeded_table
from core.domain.taxes.split import Line, split_premium
from core.domain.taxes.table import TaxTable
from core.domain.taxes.wire import premium_for_gross
from core.extensions import DemoContext
from core.i18n import today_in_rome
from core.money import amount, as_number

CLIENTS = (
    ("Luca Bianchi", "BNCLCU80A01H501Q", "luca.bianchi@example.it"),
    ("Giulia Verdi", "VRDGLI85M41F205R", "giulia.verdi@example.it"),
    ("Autofficina Ferri S.r.l.", "01234567897", "info@ferri.example.it"),
    ("Paolo Esposito", "SPSPLA72C15F839O", "paolo.esposito@example.it"),
    ("Chiara Romano", "RMNCHR90D50L219S", "chiara.romano@example.it"),
    ("Trasporti Gallo S.n.c.", "09876543217", "amministrazione@gallo.example.it"),
)
PROVINCES = ("RM", "MI", "TO", "NA", "TO", "BO")
"""Each client's province of residence: motor liability's provincial tax follows it."""

CUSTOMER_FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text"},
    {"_id": "cf", "name": "Codice fiscale / Partita IVA", "type": "cf"},
    {"_id": "targa", "name": "Targa", "type": "targa"},
    {"_id": "immatricolazione", "name": "Immatricolazione", "type": "immatricolazione"},
    {"_id": "marcamodello", "name": "Marca e modello", "type": "marcamodello"},
    {"_id": "atr", "name": "Attestato di rischio", "type": "atr"},
    {"_id": "pa", "name": "Polizza attuale", "type": "pa"},
    {"_id": "uso", "name": "Uso", "type": "Selezione", "options": ["Privato", "Professionale"]},
    {"_id": "garanzie", "name": "Garanzie", "type": "Selezione multipla",
     "options": ["Furto e incendio", "Cristalli", "Assistenza stradale", "Kasko"]},
    {"_id": "nascita", "name": "Data di nascita", "type": "Data"},
    {"_id": "privacy", "name": "Consenso privacy", "type": "bool"},
    {"_id": "valore", "name": "Valore del veicolo", "type": "valore"},
    {"_id": "massimale", "name": "Massimale", "type": "massimale"},
]  # fmt: skip

PLATES = ("AB123CD", "EF456GH", "GH789JK", "LM012NP", "QR345ST", "UV678WX")


async def seed_portfolio(ctx: DemoContext) -> None:
    """Core records; idempotent (skips a tenant that already has plain quotes)."""
    session = ctx.session
    if (await session.execute(select(m.Quote.id).where(m.Quote.type.is_(None)))).first():
        return
    agent, sub = ctx.accounts["agente"], ctx.accounts["subagente"]
    product = m.Product(
        name="RC Auto",
        icon="car",
        fields=CUSTOMER_FIELDS,
        companies={
            "Allianz": {"provv": 8, "istruttoria": 20, "qMin": 2, "qMax": 10},
            "Generali": {"provv": 9, "istruttoria": 25, "qMin": 2, "qMax": 8},
        },
    )
    home = m.Product(
        name="Casa e famiglia", icon="home", fields=CUSTOMER_FIELDS[:2] + CUSTOMER_FIELDS[9:11]
    )
    session.add_all([product, home])
    await session.flush()

    now = utcnow()
    quotes: list[m.Quote] = []
    for i, status in enumerate([*statuses.DEFAULT_STATUSES, None]):
        client = CLIENTS[i % len(CLIENTS)]
        owner = sub if i % 4 == 3 else agent
        quote = m.Quote(
            product_id=product.id,
            agent_id=owner,
            parent_agent_id=agent if owner == sub else None,
            status=status.name if status else None,
            archived=i == 4,  # not the renewal quote (i 5), which renews a live policy
            doc_status=-1 if i == 6 else (1 if i % 2 else None),
            renew=status is not None and status.id == 11,
            at=now - timedelta(days=2 * i, hours=i),
            usr_data=_usr_data(client, PLATES[i % len(PLATES)]),
            price={"company": {"Allianz": _offer(Decimal(400 + 30 * i), PROVINCES[i % 6])}},
            quote={"qFattura": 4},
        )
        if status is not None and status.id == 2:
            quote.emission_requested_at, quote.emission_requested_by = now, owner
        quotes.append(quote)
    session.add_all(quotes)
    await session.flush()  # each quote's client is derived from its usrData here

    issued = []
    for i in range(4):
        owner = sub if i == 3 else agent
        quote = m.Quote(
            product_id=product.id, agent_id=owner, parent_agent_id=agent if owner == sub else None,
            doc_status=1, at=now - timedelta(days=400 - 40 * i),
            usr_data=_usr_data(CLIENTS[i], PLATES[i]),
            price={"company": {"Allianz": _offer(Decimal(380 + 45 * i), PROVINCES[i], "SEM")}},
            quote={"qFattura": 4},
        )  # fmt: skip
        session.add(quote)
        await session.flush()
        policy = await _policy(
            ctx, quote, ends_in_days=(7, 12, 90, 200)[i], frequency=("SEM", "ANN", "MEN", "QUAD")[i]
        )
        issued.append(policy)
    renewal = next(q for q in quotes if q.renew)
    _renews(renewal, issued[0])
    await _payment_terms(ctx)
    await _chat(ctx, quotes[0])
    _documents(ctx, quotes[0])


def _usr_data(client: tuple[str, str, str], plate: str) -> list[dict[str, Any]]:
    name, fiscal_code, email = client
    return [
        {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": name},
        {"_id": "cf", "name": "Codice fiscale / Partita IVA", "type": "cf", "value": fiscal_code},
        {"_id": "email", "name": "Email", "type": "text", "value": email, "hide": True},
        {"_id": "targa", "name": "Targa", "type": "targa",
         "value": {"value": plate, "tipoBersani": "auto", "targaAgev": None}},
        {"_id": "uso", "name": "Uso", "type": "Selezione", "value": "Privato"},
    ]  # fmt: skip


DEMO_IBAN = {"iban": "IT60X0542811101000000123456", "intestatario": "Broker Demo S.r.l."}


def _offer(net: Decimal, province: str, frequency: str = "ANN") -> dict[str, Any]:
    """An Allianz offer as the office enters it: the net motor liability premium and the
    customer's province; its taxes and gross by the seeded table's rates of today."""
    premium = split_premium([Line("rca", net, province)], TaxTable.of(seeded_table()), _today())
    return {**premium.wire(), "note": "RC auto con assistenza stradale", "frazionamento": frequency}


def _today() -> date:
    return today_in_rome()


async def _policy(
    ctx: DemoContext, quote: m.Quote, *, ends_in_days: int, frequency: str
) -> m.Policy:
    """The policy issuing would make of ``quote`` a year before it ends (the agent chose the
    Allianz offer, the office issued it), its instalments due so far paid by transfer."""
    today = _today()
    offer = quote.price["company"]["Allianz"]
    end = today + timedelta(days=ends_in_days)
    start = add_months(end, -12)
    number = f"AZ-{quote.id[-6:].upper()}"
    policy = m.Policy(
        quote_id=quote.id, agent_id=quote.agent_id, parent_agent_id=quote.parent_agent_id,
        client_id=quote.client_id, company="Allianz", product_id=quote.product_id,
        number=number, start_date=start, end_date=end, frequency=frequency,
        payment_method="bonifico",
        pr={"type": None, "renew": False, "aId": quote.agent_id, "agId": quote.parent_agent_id,
            "usrData": customer_entries(quote.usr_data or [])},
    )  # fmt: skip
    product = await ctx.session.get(m.Product, quote.product_id)
    company_rate = amount(((product.companies if product else None) or {})["Allianz"]["provv"])
    premium = premium_for_gross(
        Decimal(str(offer["tot"])), offer, product.ramo if product else None,
        TaxTable.of(seeded_table()), today,
    )  # fmt: skip
    shares = await price_from_quote(
        ctx.session, policy, quote, premium, company_rate or Decimal(0), start
    )
    policy.quote = {"price": {"company": {"Allianz": {"nPolizza": number, "tot": offer["tot"]}},
                              "platform": {"tot": float(shares.platform)}},
                    "data": {"company": "Allianz", "quoteId": quote.id}}  # fmt: skip
    for row in policy.instalments:
        if row.cassa_date is not None and row.cassa_date < today:
            row.paid, row.paid_method = True, "bonifico"
            row.paid_at = datetime.combine(row.cassa_date, time(12), tzinfo=UTC)
    follow_instalments(policy)  # paid in full once every instalment is, as a payment makes it
    ctx.session.add(policy)
    await ctx.session.flush()
    await settle(ctx.session, policy, backdate=True)
    _issued(quote, policy, offer, frequency, ctx.accounts["agente"])
    return policy


def _issued(
    quote: m.Quote, policy: m.Policy, offer: dict[str, Any], frequency: str, by: str
) -> None:
    """``quote`` as issuing leaves it: the emission requested on the chosen offer, the policy
    linked by id and number, 'In lavorazione compagnia'."""
    when = datetime.combine(policy.start_date or _today(), time(9), tzinfo=UTC)
    quote.emission_requested_at, quote.emission_requested_by = when, quote.agent_id or by
    quote.price = {"company": {"Allianz": {**offer, "nPolizza": policy.number}}}
    quote.quote = {
        **(quote.quote or {}), POLICY_ID: policy.id, POLICY_NUMBER: policy.number,
        EMISSION: {"state": REQUESTED, "company": "Allianz", "premium": offer["tot"],
                   "frazionamento": frequency},
    }  # fmt: skip
    quote.status = statuses.name_of(statuses.DEFAULT_STATUSES, IN_COMPANY)


def _renews(renewal: m.Quote, policy: m.Policy) -> None:
    """The demo's renewal quote is the one the renewal run makes for ``policy`` (expiring)."""
    renewal.renew_of = policy.id
    renewal.quote = {
        **(renewal.quote or {}), "renewOf": policy.id, "company": policy.company,
        "number": policy.number, "previousPremium": as_number(policy.premium),
        "endDate": policy.end_date.isoformat() if policy.end_date else None,
    }  # fmt: skip


async def _payment_terms(ctx: DemoContext) -> None:
    """The demo tenant takes bank transfers to a demo IBAN and payment at the agency."""
    stored = (await ctx.session.execute(select(m.TenantSettings))).scalar_one_or_none()
    if stored is not None and "pagamenti" not in (stored.data or {}):
        stored.data = {**(stored.data or {}), "pagamenti": {"bonifico": DEMO_IBAN, "agenzia": True}}


async def _chat(ctx: DemoContext, quote: m.Quote) -> None:
    """A quote's room with a short exchange: the agent asks, the responsabile answers."""
    chat = m.Chat(room=f"preventivi/{quote.id}", quote_id=quote.id, agent_id=quote.agent_id,
                  parent_agent_id=quote.parent_agent_id)  # fmt: skip
    ctx.session.add(chat)
    await ctx.session.flush()
    lines = (
        (
            ctx.accounts["agente"],
            "Buongiorno, il cliente chiede se è inclusa la garanzia cristalli.",
        ),
        (ctx.accounts["responsabile"], "Sì, con Allianz è inclusa. Ti aggiorno il preventivo."),
        (ctx.accounts["agente"], "Perfetto, grazie!"),
    )
    for minutes, (sender, text) in enumerate(lines):
        message = m.ChatMessage(
            chat_id=chat.id, sender_id=sender, text=text,
            at=utcnow() - timedelta(minutes=30 - 10 * minutes),
        )  # fmt: skip
        ctx.session.add(message)
        await ctx.session.flush()
        chat.last_message_at, chat.last_message_id = message.at, message.id
        chat.last_sender_id, chat.last_text = sender, text
    ctx.session.add(m.ChatLastSeen(chat_id=chat.id, user_id=ctx.accounts["agente"]))


def _documents(ctx: DemoContext, quote: m.Quote) -> None:
    storage = storage_of(ctx.settings)
    ids: dict[str, str] = {}
    for name, doc_type, content in (
        ("libretto.pdf", "libretto", _tiny_pdf("Libretto di circolazione")),
        ("documento-identita.pdf", "documento", _tiny_pdf("Documento di identità")),
    ):
        key = storage.save(ctx.tenant.id, name, content)
        ids[doc_type] = new_id()
        ctx.session.add(
            m.Document(
                id=ids[doc_type],
                owner_kind="preventivo",
                owner_id=quote.id,
                doc_type=doc_type,
                name=name,
                uri=f"/upload/{ctx.tenant.id}/{key}",
                storage_key=key,
                file_type="application/pdf",
                size=len(content),
                uploaded_by=ctx.accounts["agente"],
            )
        )
    quote.allegati = {
        "libretto": {"name": "Libretto", "files": [ids["libretto"]]},
        "documento": {"name": "Documento di identità", "files": [ids["documento"]]},
    }


def _tiny_pdf(title: str) -> bytes:
    """A one-page PDF with a title line."""
    stream = f"BT /F1 18 Tf 72 760 Td ({title}) Tj ET".encode("latin-1", "replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)
