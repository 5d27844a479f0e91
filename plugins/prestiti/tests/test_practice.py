"""A loan practice over the socket: asked by an agent, quoted by an admin with the lender's
offer (instalment, TAEG, the fifth of pay, the usury threshold), sent to emission within the
institute's consultancy bounds in euro; and who may do what.

Worked figures are computed here from the annuity formula, not by the line's modules."""

from __future__ import annotations

import io
from decimal import ROUND_HALF_UP, Decimal, getcontext
from typing import Any

import httpx
import pytest
from pypdf import PdfReader

from core.api import rome_day
from core.testing import CallFailed, Live, reload
from plugins.prestiti.money.early_repayment import add_months
from plugins.prestiti.tests.records import (
    CUSTOMER,
    approve,
    documents_of,
    kept_commissions,
    loan_product,
    loans,
    usury_rows,
)

TENANT = "assicurapp"
PERSONAL: dict[str, Any] = {"type": "prestito_personale", "Importo_richiesto": 15000, "Durata": 60}
CESSIONE: dict[str, Any] = {"type": "cessione_quinto_stipendio", "Importo_richiesto": 20000,
                            "Durata": 120, "Netto_mensile": 1500}  # fmt: skip
OFFER: dict[str, Any] = {
    "Istituto": "Banca Sella",
    "TAN": 7.9,
    "Importo_finanziato": 15000,
    "Istruttoria": 200,
}


def annuity(amount: int, tan: str, months: int) -> Decimal:
    """P·r / (1 − (1 + r)^−n), r = TAN/12, at 40 digits, half up to the cent."""
    getcontext().prec = 40
    r = Decimal(tan) / 100 / 12
    return (amount * r / (1 - (1 + r) ** -months)).quantize(Decimal("0.01"), ROUND_HALF_UP)


async def _download(live: Live, who: str, path: str) -> httpx.Response:
    """GET ``path`` over HTTP as the demo account ``who``."""
    async with live.http(TENANT) as client:
        login = {"email": f"{who}@demo.it", "password": "demo1234"}
        token = (await client.post("/api/auth/login", json=login)).json()["token"]
        return await client.get(path, headers={"authorization": f"Bearer {token}"})


async def _practice_over_http(live: Live, who: str, quote_id: str) -> dict[str, Any]:
    answer = await _download(live, who, f"/api/prestiti/preventivi/{quote_id}")
    assert answer.status_code == 200, answer.text
    practice: dict[str, Any] = answer.json()
    return practice


async def _new_loan(live: Live, asked: dict[str, Any], who: str = "agente") -> str:
    product = await loan_product(live.runtime, TENANT)
    client = await live.logged_in(TENANT, who)
    answer = await client.invoke("createQuote", {"pId": product.id, "usrData": CUSTOMER, **asked})
    return str(answer["_id"])


async def test_an_agent_asks_for_a_loan_and_the_admin_sees_it_live(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("preventivi")
    quote_id = await _new_loan(live, PERSONAL)
    quote = await reload(live.runtime, TENANT, quote_id)
    assert (quote.type, quote.status) == ("prestiti", "In attesa di quotazione")
    assert quote.prodotto == {"type": "prestito_personale", "Prodotto": "Prestito personale",
                              "Istituto": "", "Importo_richiesto": 15000, "Durata": 60}  # fmt: skip
    event = await admin.published("preventivi")
    assert (event["operationType"], event["p"]["_id"]) == ("insert", quote_id)


@pytest.mark.parametrize(
    ("extras", "message"),
    [
        ({**PERSONAL, "type": "leasing"}, "Dati del finanziamento non validi"),
        ({**PERSONAL, "Importo_richiesto": -1}, "Dati del finanziamento non validi"),
        ({**PERSONAL, "Importo_richiesto": "15000"}, "Dati del finanziamento non validi"),
        ({**PERSONAL, "Importo_richiesto": 10.005}, "Dati del finanziamento non validi"),
        ({**PERSONAL, "Durata": 0}, "Dati del finanziamento non validi"),
        ({**CESSIONE, "Netto_mensile": None}, "indica il netto mensile"),
        ({**CESSIONE, "Durata": 144}, "supera il massimo di 120 mesi"),
        ({**CESSIONE, "Importo_rata": 300.01},
         r"La rata di 300,01 € supera il quinto dello stipendio netto mensile di 1\.500,00 €"),
        ({**PERSONAL, "colore": "rosso"}, r"Campo non previsto \(colore\)"),
    ],
)  # fmt: skip
async def test_bad_loans_are_refused_and_nothing_is_written(
    live: Live, extras: dict[str, Any], message: str
) -> None:
    before = len(await loans(live.runtime, TENANT))
    with pytest.raises(CallFailed, match=message):
        await _new_loan(live, extras)
    assert len(await loans(live.runtime, TENANT)) == before


async def test_a_cessione_asked_at_exactly_a_fifth_is_taken(live: Live) -> None:
    quote_id = await _new_loan(live, {**CESSIONE, "Importo_rata": 300})
    prodotto = (await reload(live.runtime, TENANT, quote_id)).prodotto
    assert prodotto["Rata_richiesta"] == 300
    assert "Importo_rata" not in prodotto  # the lender's offer sets that one
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Il preventivo non è ancora quotato: manca la rata"):
        await agent.invoke("richiediEmissione", {"pId": quote_id, "undo": False})


async def test_the_admin_quotes_the_offer_with_its_instalment_and_taeg(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Operazione non consentita per il tuo ruolo"):
        await agent.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    admin = await live.logged_in(TENANT, "admin")
    answer = await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    rata = annuity(15000, "7.9", 60)
    assert rata == Decimal("303.43")
    prodotto = answer["prodotto"]
    assert Decimal(str(prodotto["Importo_rata"])) == rata
    assert prodotto["Netto_erogato"] == 14800  # 15.000 € less 200 € of istruttoria
    # the TAEG counts the istruttoria: above the TAN, within the personal loans' threshold
    assert Decimal("7.90") < Decimal(prodotto["TAEG"]) < Decimal(prodotto["Soglia_usura"])
    stored = await reload(live.runtime, TENANT, quote_id)
    assert stored.prodotto["TAEG"] == prodotto["TAEG"]


async def test_a_taeg_at_the_threshold_is_refused_naming_both_rates(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    admin = await live.logged_in(TENANT, "admin")
    usurious = {**OFFER, "TAN": 18}  # personal loans' demo TEGM 10,85 %: threshold 17,5625 %
    with pytest.raises(CallFailed, match=r"pari o superiore alla soglia d'usura 17,5625"):
        await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": usurious})
    assert "TAEG" not in (await reload(live.runtime, TENANT, quote_id)).prodotto


async def test_a_cessione_above_a_fifth_of_pay_is_refused(live: Live) -> None:
    quote_id = await _new_loan(live, CESSIONE)  # 1.500 € net: at most 300,00 € a month
    admin = await live.logged_in(TENANT, "admin")
    too_much = {**OFFER, "Istituto": "IBL Banca", "TAN": 6, "Importo_finanziato": 30000}
    with pytest.raises(CallFailed, match=r"supera il quinto dello stipendio netto mensile"):
        await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": too_much})
    fitting = {**too_much, "Importo_finanziato": 20000}
    assert annuity(20000, "6", 120) <= 300
    answer = await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": fitting})
    assert Decimal(str(answer["prodotto"]["Importo_rata"])) == annuity(20000, "6", 120)


async def test_without_the_quarters_table_line_no_practice_is_quoted(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    admin = await live.logged_in(TENANT, "admin")
    for row in await usury_rows(live.runtime, TENANT, "Credito personale"):
        await admin.invoke("prestiti.eliminaTegm", {"_id": row.id})
    with pytest.raises(CallFailed, match="Manca il tasso medio \\(TEGM\\) per Credito personale"):
        await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})


async def test_emission_needs_the_instalment_and_a_consultancy_within_bounds(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Il preventivo non è ancora quotato: manca la rata"):
        await agent.invoke("richiediEmissione", {"pId": quote_id, "quote": 5, "undo": False})
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    # Banca Sella: qMin 1 %, qMax 4 % of 303,43 € → 3,03 € .. 12,14 €, midpoint 7,59 €
    for outside in (3.02, 12.15, 5.001):
        with pytest.raises(CallFailed, match=r"Consulenza fuori dai limiti dell'istituto"):
            await agent.invoke(
                "richiediEmissione", {"pId": quote_id, "quote": outside, "undo": False}
            )
    answer = await agent.invoke("richiediEmissione", {"pId": quote_id, "undo": False})
    assert answer["status"] == "Emissione richiesta"
    assert (await reload(live.runtime, TENANT, quote_id)).quote["qFattura"] == 7.59
    with pytest.raises(CallFailed, match="Emissione già richiesta"):
        await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})


async def test_the_usury_table_is_kept_by_admins_and_read_live(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe("prestiti/tegm")
    row = {"category": "Altri finanziamenti", "tegm": 12.5, "above": 0, "upTo": 5000,
           "from": "2026-10-01", "to": "2026-12-31"}  # fmt: skip
    with pytest.raises(CallFailed, match="Operazione non consentita per il tuo ruolo"):
        await agent.invoke("prestiti.salvaTegm", row)
    admin = await live.logged_in(TENANT, "admin")
    created = await admin.invoke("prestiti.salvaTegm", row)
    event = await agent.published("prestiti/tegm")
    assert event["operationType"] == "insert"
    assert event["p"]["threshold"] == "19.625"  # 12,5 × 1,25 + 4 (under 12,5 + 8)
    assert event["p"]["band"] == "fino a 5.000 €"
    for bad in ({**row, "upTo": 0}, {**row, "to": "2026-09-30"}, {**row, "tegm": "12"},
                {**row, "category": "Leasing"}):  # fmt: skip
        with pytest.raises(CallFailed, match="tassi d'usura non valida"):
            await admin.invoke("prestiti.salvaTegm", bad)
    await admin.invoke("prestiti.eliminaTegm", created)
    assert (await agent.published("prestiti/tegm"))["operationType"] == "delete"


async def test_the_line_calls_are_refused_where_the_line_is_not_offered(live: Live) -> None:
    admin = await live.logged_in("rcadealer", "admin")
    calls = {"prestiti.quotazione": {"pId": "x", "offer": OFFER}, "prestiti.salvaTegm": {},
             "prestiti.eliminaTegm": {"_id": "x"}}  # fmt: skip
    for call, data in calls.items():
        with pytest.raises(CallFailed) as refused:
            await admin.invoke(call, data)
        assert refused.value.message == f"Chiamata sconosciuta: {call}"  # no such line here


async def test_the_practice_earns_its_istruttoria_and_consultancy(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "quote": 10, "undo": False})
    # demo shares: 40 % of the 200 € istruttoria, 50 % of the 10 € consultancy
    expected = {"qFattura": "10.00", "primaRata": "313.43", "istruttoria": "80.00",
                "consulenza": "5.00", "total": "85.00"}  # fmt: skip
    seen = {who: (await _practice_over_http(live, who, quote_id))["earnings"]
            for who in ("agente", "admin")}  # fmt: skip
    assert seen["agente"] == expected  # no platform figure for an agent
    assert seen["admin"] == {**expected, "platform": "125.00"}  # 210 € less the agent's 85 €
    # core keeps what it earns, to be collected; the approval credits the agent's balance
    [item] = await kept_commissions(live.runtime, TENANT, quote_id)
    assert (item.commission, item.agent_total, item.paid) == (
        Decimal("210.00"),
        Decimal("85.00"),
        False,
    )
    [credit] = await approve(live.runtime, TENANT, quote_id)
    assert (credit.kind, credit.gross) == ("provvigione", Decimal("85.00"))


async def test_the_secci_sheet_states_the_practices_own_taeg(live: Live) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    unquoted = await _download(live, "agente", f"/api/prestiti/preventivi/{quote_id}/secci")
    assert unquoted.status_code == 400
    assert "manca l'offerta dell'istituto" in unquoted.json()["error"]["message"]
    admin = await live.logged_in(TENANT, "admin")
    offer = {**OFFER, "Polizza": 120}
    prodotto = (await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": offer}))[
        "prodotto"
    ]
    sheet = await _download(live, "agente", f"/api/prestiti/preventivi/{quote_id}/secci")
    assert sheet.status_code == 200
    assert sheet.headers["content-type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.content)).pages)
    taeg = prodotto["TAEG"].replace(".", ",")
    assert f"Tasso annuo effettivo globale (TAEG) {taeg} %" in " ".join(text.split())
    assert "Prestito personale" in text
    assert "Banca Sella" in text
    assert "Polizza assicurativa obbligatoria" in text
    foreign = await _download(live, "subagente", f"/api/prestiti/preventivi/{quote_id}/secci")
    assert foreign.status_code == 404  # not of the sub-agent's tree


async def test_a_consultancy_that_lifts_the_taeg_to_the_threshold_is_refused(live: Live) -> None:
    """The consultancy is a cost of credit: a short loan quoted at TAN 14 % is within the
    personal loans' threshold (17,5625 %) at the midpoint, and the top of the slider lifts it
    over; emission with it is refused, with the lowest it is taken and the TAEG restated."""
    quote_id = await _new_loan(live, {**PERSONAL, "Importo_richiesto": 1000, "Durata": 6})
    admin = await live.logged_in(TENANT, "admin")
    offer = {"Istituto": "Banca Sella", "TAN": 14, "Importo_finanziato": 1000}
    quoted = (await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": offer}))[
        "prodotto"
    ]
    assert Decimal(quoted["TAEG"]) < Decimal("17.5625")
    agent = await live.logged_in(TENANT, "agente")
    top = float(Decimal(str(quoted["Importo_rata"])) * 4 / 100)  # qMax 4 % of the rata
    with pytest.raises(CallFailed, match=r"il TAEG sale a .* soglia d'usura 17,5625 %"):
        await agent.invoke(
            "richiediEmissione", {"pId": quote_id, "quote": round(top, 2), "undo": False}
        )
    assert (await reload(live.runtime, TENANT, quote_id)).emission_requested_at is None
    await agent.invoke("richiediEmissione", {"pId": quote_id, "quote": 1.74, "undo": False})
    stored = await reload(live.runtime, TENANT, quote_id)
    assert Decimal(stored.prodotto["TAEG"]) < Decimal(quoted["TAEG"])  # less consultancy
    assert stored.prodotto["Consulenza_TAEG"] == "1.74"


async def test_each_quotation_and_the_emission_keep_their_secci_among_the_documents(
    live: Live,
) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    admin = await live.logged_in(TENANT, "admin")
    quoted = await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    await admin.subscribe("docs")  # quote documents are live for those who edit them
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "quote": 3.03, "undo": False})
    event = await admin.published("docs")  # the emission's sheet reaches the office live
    assert (event["operationType"], event["d"]["type"]) == ("insert", "SECCI")
    stored = await reload(live.runtime, TENANT, quote_id)
    sheets = await documents_of(live.runtime, TENANT, quote_id)
    assert [d.doc_type for d in sheets] == ["SECCI", "SECCI"]
    assert stored.allegati["SECCI"]["files"] == [d.id for d in sheets]
    stated = []
    for sheet in sheets:
        answer = await _download(live, "agente", sheet.uri)
        assert answer.status_code == 200, sheet.uri
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.content)).pages)
        stated.append(" ".join(text.split()).split("(TAEG) ", 1)[1].split(" %", 1)[0])
    # the quotation's sheet counts the midpoint consultancy, the emission's the one asked
    assert stated == [quoted["prodotto"]["TAEG"].replace(".", ","),
                      stored.prodotto["TAEG"].replace(".", ",")]  # fmt: skip


def _residual_after(amount: int, tan: str, months: int, paid: int) -> Decimal:
    """The plan row by row, as a broker checks it: interest on the residual half up to the
    cent, the rest of the instalment to principal."""
    rate, rata = Decimal(tan) / 100 / 12, annuity(amount, tan, months)
    residual = Decimal(amount)
    for _ in range(paid):
        interest = (residual * rate).quantize(Decimal("0.01"), ROUND_HALF_UP)
        residual -= rata - interest
    return residual


async def test_an_early_repayment_owes_the_residual_less_the_costs_of_the_months_left(
    live: Live,
) -> None:
    quote_id = await _new_loan(live, PERSONAL)
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="manca la rata"):
        await agent.invoke("prestiti.estinzione", {"pId": quote_id, "day": "2030-01-01"})
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("prestiti.quotazione", {"pId": quote_id, "offer": OFFER})
    await agent.invoke("richiediEmissione", {"pId": quote_id, "undo": False})
    requested = (await reload(live.runtime, TENANT, quote_id)).emission_requested_at
    assert requested is not None
    first_due = add_months(rome_day(requested), 1)
    twelfth = add_months(first_due, 11)  # the day the 12th instalment falls due

    closed = await agent.invoke("prestiti.estinzione", {"pId": quote_id, "day": str(twelfth)})
    residual = _residual_after(15000, "7.9", 60, 12)
    assert (closed["paid"], closed["remaining"]) == (12, 48)
    assert Decimal(closed["residual"]) == residual
    assert closed["refunds"]["Spese di istruttoria"] == "160.00"  # 200 € × 48 / 60
    assert Decimal(closed["due"]) == residual - 160

    last = add_months(first_due, 59)
    with pytest.raises(CallFailed, match="già estinto"):
        await agent.invoke("prestiti.estinzione", {"pId": quote_id, "day": str(last)})
    for bad in ({"pId": quote_id, "day": "domani"}, {"pId": quote_id}, {"day": str(twelfth)}):
        with pytest.raises(CallFailed, match="Richiesta di estinzione non valida"):
            await agent.invoke("prestiti.estinzione", bad)
    sub = await live.logged_in(TENANT, "subagente")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await sub.invoke("prestiti.estinzione", {"pId": quote_id, "day": str(twelfth)})
