"""The three annexes of IVASS Regolamento 40/2018 (as amended by Provvedimento 97/2020), each
as titled sections of rows, filled with a quote's facts (:mod:`core.domain.precontract.facts`):

* **Allegato 3**, 'Informativa sul distributore' (art. 56 c. 1): who the intermediary and the
  collaborator dealing with the customer are, their RUI section, number and date, the
  supervisory authority, conflicts of interest and the customer's means of redress;
* **Allegato 4**, 'Informazioni sulla distribuzione del prodotto assicurativo non-IBIP'
  (art. 56 c. 3, before each proposal): the distribution model, advice, remuneration and the
  payment of premiums, with the product, the companies and the premiums offered;
* **Allegato 4-ter**, 'Elenco delle regole di comportamento del distributore' (art. 56 c. 1-bis):
  the rules of conduct the distributor keeps (art. 58 on demands and needs, art. 59 on the
  manner of delivery).
"""

from __future__ import annotations

from core.domain.documents.pdf import Section
from core.domain.precontract.facts import Facts

IVASS = "IVASS - Istituto per la Vigilanza sulle Assicurazioni, Via del Quirinale 21, 00187 Roma"
WARNING = (
    "Il distributore ha l'obbligo di consegnare o trasmettere al contraente il presente "
    "documento prima della sottoscrizione della proposta o, qualora non prevista, del contratto "
    "di assicurazione (Regolamento IVASS n. 40/2018, art. 56)."
)


def _people(facts: Facts) -> list[tuple[str, str]]:
    return [
        ("Intermediario", facts.intermediary),
        ("Sede", facts.address),
        ("Iscrizione RUI dell'intermediario", facts.intermediary_rui.line()),
        ("Collaboratore che entra in contatto con il contraente", facts.collaborator),
        ("Recapito del collaboratore", facts.collaborator_email),
        ("Iscrizione RUI del collaboratore", facts.collaborator_rui.line()),
    ]


def allegato_3(facts: Facts) -> list[Section]:
    """Allegato 3: the intermediary's disclosure."""
    return [
        ("Sezione I - Informazioni generali sull'intermediario che entra in contatto con il "
         "contraente", [
            *_people(facts),
            ("Autorità di vigilanza", IVASS),
            ("Verifica dell'iscrizione", "Gli estremi dell'iscrizione al Registro Unico degli "
             "Intermediari (RUI) si possono verificare sul sito internet dell'IVASS "
             "(www.ivass.it)."),
        ]),
        ("Sezione II - Informazioni sull'attività svolta dall'intermediario", [
            ("Attività", "L'intermediario distribuisce prodotti assicurativi delle imprese "
             "indicate nell'Allegato 4 e ne rende disponibile l'elenco nei propri locali e sul "
             "proprio sito internet."),
        ]),
        ("Sezione III - Informazioni relative a potenziali situazioni di conflitto d'interessi", [
            ("Partecipazioni", "L'intermediario e i suoi collaboratori non detengono "
             "partecipazioni dirette o indirette pari o superiori al 10% del capitale sociale o "
             "dei diritti di voto di un'impresa di assicurazione, né un'impresa di "
             "assicurazione o la sua controllante detiene tali partecipazioni "
             "nell'intermediario, salvo quanto indicato qui."),
        ]),
        ("Sezione IV - Informazioni sugli strumenti di tutela del contraente", [
            ("Reclami", "Il contraente può presentare reclamo per iscritto all'intermediario o "
             "all'impresa preponente; se non soddisfatto dell'esito o in assenza di riscontro "
             "entro 45 giorni, può rivolgersi all'IVASS, allegando il reclamo presentato e il "
             "relativo riscontro."),
            ("Altri sistemi", "Resta salva la facoltà di ricorrere ai sistemi alternativi di "
             "risoluzione delle controversie previsti dalla normativa vigente e all'Autorità "
             "giudiziaria."),
            ("Fondo di garanzia", "Il contraente può rivolgersi al Fondo di garanzia per i "
             "danni arrecati dall'attività di intermediazione (art. 115 del Codice delle "
             "Assicurazioni Private) per i danni patrimoniali non risarciti dall'intermediario."),
        ]),
    ]  # fmt: skip


def _offer_rows(facts: Facts) -> list[tuple[str, str]]:
    if not facts.offers:
        return [("Premio", "— (il preventivo non è ancora quotato)")]
    return [(f"Premio lordo {offer.company}", offer.premium) for offer in facts.offers]


def allegato_4(facts: Facts) -> list[Section]:
    """Allegato 4: the distribution of this product to this customer."""
    return [
        ("Dati della proposta", [
            ("Contraente", facts.customer),
            ("Codice fiscale / Partita IVA", facts.fiscal_code),
            ("Prodotto", facts.product),
            ("Imprese", ", ".join(o.company for o in facts.offers) or "—"),
            *_offer_rows(facts),
            ("Intermediario", f"{facts.intermediary} - {facts.intermediary_rui.line()}"),
            ("Collaboratore", f"{facts.collaborator} - {facts.collaborator_rui.line()}"),
        ]),
        ("Sezione I - Informazioni sul modello di distribuzione", [
            ("Modello", "Il contratto è distribuito dall'intermediario indicato, anche tramite "
             "il collaboratore indicato, che opera per suo conto."),
        ]),
        ("Sezione II - Informazioni sull'attività di distribuzione e consulenza", [
            ("Consulenza", "L'intermediario propone contratti coerenti con le richieste e le "
             "esigenze assicurative del contraente, acquisite prima della proposta."),
            ("Imprese", "L'intermediario indica se propone il contratto sulla base di un'analisi "
             "imparziale e personale o per conto di una o più imprese, delle quali fornisce "
             "la denominazione su richiesta."),
        ]),
        ("Sezione III - Informazioni relative alle remunerazioni", [
            ("Natura del compenso", "Per il contratto l'intermediario percepisce una "
             "commissione inclusa nel premio assicurativo corrisposto dal contraente."),
        ]),
        ("Sezione IV - Informazioni sul pagamento dei premi", [
            ("Premi", "I premi pagati all'intermediario o ai suoi collaboratori, se regolati "
             "per il tramite dell'intermediario, costituiscono patrimonio autonomo e separato "
             "dal patrimonio dello stesso (art. 117 del Codice delle Assicurazioni Private)."),
            ("Modalità di pagamento", "Bonifico, assegno non trasferibile intestato "
             "all'impresa o all'intermediario, sistemi di pagamento elettronico; contanti nei "
             "limiti previsti dalla legge."),
        ]),
    ]  # fmt: skip


RULES = (
    "consegnare al contraente l'Allegato 3 prima della sottoscrizione della prima proposta o, "
    "qualora non prevista, del primo contratto di assicurazione, e metterlo a disposizione nei "
    "propri locali e sul proprio sito internet;",
    "consegnare al contraente l'Allegato 4 prima della sottoscrizione di ciascuna proposta o, "
    "qualora non prevista, di ciascun contratto di assicurazione;",
    "consegnare al contraente copia della documentazione precontrattuale e contrattuale "
    "prevista dalle vigenti disposizioni, copia della polizza e di ogni altro atto o documento "
    "da esso sottoscritto;",
    "proporre o raccomandare contratti coerenti con le richieste e le esigenze di copertura "
    "assicurativa e previdenziale del contraente, acquisendo a tal fine ogni utile informazione "
    "(art. 58);",
    "informare il contraente della circostanza che il suo rifiuto di fornire una o più delle "
    "informazioni richieste pregiudica la capacità di individuare il contratto coerente con le "
    "sue richieste ed esigenze;",
    "valutare se il contraente rientra nel mercato di riferimento identificato per il contratto "
    "proposto e non appartiene alle categorie di clienti per i quali il prodotto non è "
    "compatibile;",
    "fornire in forma chiara e comprensibile le informazioni oggettive sul prodotto, per "
    "consentire al contraente di prendere una decisione informata;",
    "consegnare la documentazione su supporto cartaceo o, se il contraente lo consente, su altro "
    "supporto durevole o tramite sito internet (art. 59 e art. 120-quater del Codice delle "
    "Assicurazioni Private).",
)


def allegato_4ter(facts: Facts) -> list[Section]:
    """Allegato 4-ter: the rules of conduct, addressed to this customer."""
    return [
        ("Distributore", _people(facts)),
        ("Sezione I - Regole generali per la distribuzione di prodotti assicurativi", [
            (f"{letter})", rule) for letter, rule in zip("abcdefgh", RULES, strict=True)
        ]),
    ]  # fmt: skip


ANNEXES = {"allegato3": allegato_3, "allegato4": allegato_4, "allegato4ter": allegato_4ter}
