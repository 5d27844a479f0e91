"""The SECCI sheet ('Informazioni europee di base sul credito ai consumatori', art. 124 TUB;
Banca d'Italia, Trasparenza, sez. VII, Allegato 4-bis; Dir. 2008/48/CE, Allegato II) of a
quoted practice, as a PDF (fpdf2): the lender and the intermediary, the credit's main
features, its costs with TAN and TAEG, and the legal rights, with the practice's own figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    ClientError,
    Host,
    Section,
    attach_document,
    customer_name,
    decimal_or_none,
    euro_text,
    rome_day,
    sections_pdf,
    utcnow,
)
from core.api import models as m
from plugins.prestiti.money.italian import percent_text
from plugins.prestiti.money.kinds import LoanKind

NOT_QUOTED = "Il SECCI si genera per una pratica quotata: manca l'offerta dell'istituto"


def _euro(prodotto: Mapping[str, Any], key: str) -> str:
    value = decimal_or_none(prodotto.get(key))
    return euro_text(value) if value is not None else "—"


def sections(prodotto: Mapping[str, Any], intermediary: str) -> list[Section]:
    """The sheet's sections and rows, from the practice's fields."""
    rata = decimal_or_none(prodotto.get("Importo_rata"))
    taeg, tan = decimal_or_none(prodotto.get("TAEG")), decimal_or_none(prodotto.get("TAN"))
    if rata is None or taeg is None or tan is None:
        raise ClientError(NOT_QUOTED)
    kind = LoanKind(str(prodotto.get("type")))
    months = int(prodotto.get("Mesi") or 0)
    costs = [
        ("Spese di istruttoria", _euro(prodotto, "Istruttoria")),
        ("Spese di perizia", _euro(prodotto, "Perizia")),
        ("Spese di incasso di ogni rata", _euro(prodotto, "Spese_incasso")),
    ]
    if decimal_or_none(prodotto.get("Polizza")):
        costs.append((
            "Polizza assicurativa obbligatoria (premio)",
            f"{_euro(prodotto, 'Polizza')}: condizione per ottenere il credito, compresa nel TAEG",
        ))  # fmt: skip
    return [
        ("1. Identità e contatti del finanziatore e dell'intermediario del credito", [
            ("Finanziatore", str(prodotto.get("Istituto") or "—")),
            ("Intermediario del credito", intermediary),
        ]),
        ("2. Caratteristiche principali del prodotto di credito", [
            ("Tipo di contratto di credito", kind.label),
            ("Importo totale del credito", _euro(prodotto, "Importo_totale_del_credito")),
            ("Condizioni di prelievo", "Erogazione in un'unica soluzione alla stipula"),
            ("Importo netto erogato", _euro(prodotto, "Netto_erogato")),
            ("Durata del contratto di credito", f"{months} mesi"),
            ("Rate", f"{months} rate mensili costanti di {euro_text(rata)} "
                     "(ammortamento alla francese: quota interessi decrescente)"),
            ("Importo totale dovuto dal consumatore", _euro(prodotto, "Importo_totale_dovuto")),
        ]),
        ("3. Costi del credito", [
            ("Tasso di interesse (TAN fisso)", percent_text(tan)),
            ("Tasso annuo effettivo globale (TAEG)",
             f"{percent_text(taeg)}: costo totale del credito espresso in percentuale annua "
             "dell'importo totale del credito, comprensivo di interessi e costi qui indicati"),
            *costs,
        ]),
        ("4. Altri importanti aspetti legali", [
            ("Diritto di recesso", "Sì: entro 14 giorni dalla conclusione del contratto "
                                   "(art. 125-ter TUB)"),
            ("Rimborso anticipato", "Sì, in qualsiasi momento, con la riduzione del costo "
                                    "totale del credito (art. 125-sexies TUB)"),
            ("Consultazione di una banca dati", "In caso di rifiuto basato sulla consultazione "
                                                "il consumatore ne è informato gratuitamente"),
            ("Diritto a ricevere una bozza del contratto", "Sì, gratuitamente, su richiesta"),
        ]),
    ]  # fmt: skip


def secci_pdf(prodotto: Mapping[str, Any], intermediary: str, customer: str) -> bytes:
    """The sheet for ``prodotto``, addressed to ``customer``."""
    title = "Informazioni europee di base sul credito ai consumatori (SECCI)"
    return sections_pdf(title, f"Per: {customer}", sections(prodotto, intermediary))


DOC_TYPE = "SECCI"


async def store_secci(
    host: Host, session: AsyncSession, quote: m.Quote, *, by: str | None = None
) -> None:
    """The practice's sheet as it stands, kept among its documents (each quotation and the
    emission request keep theirs: what the customer was given, when)."""
    agent = await session.get(m.User, quote.agent_id) if quote.agent_id else None
    pdf = secci_pdf(quote.prodotto or {}, agent.name if agent else "—", customer_name(quote))
    name = f"SECCI {rome_day(utcnow()):%d-%m-%Y}.pdf"
    await attach_document(host, session, quote, DOC_TYPE, name, pdf, by=by)
