"""Core's records in the activity log: how each reads, how it is named, which fields show.

Labels and values follow the screens ('Stato', 'Scadenza' as dd/mm/yyyy, 'Premio' as
'1.050,00 €'); ``{agent}`` takes the tenant's word. Product lines add their own kinds through
the same ``audit_record_kinds`` hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.db import audit_kinds as k
from core.db.audit_kinds import AuditField as F
from core.db.audit_kinds import AuditPhrase as P
from core.db.audit_kinds import Names, RecordKind
from core.domain.clients.derive import customer_of

FREQUENCIES = {"ANN": "Annuale", "SEM": "Semestrale", "QUAD": "Quadrimestrale",
               "TRIM": "Trimestrale", "MEN": "Mensile", "UNICO": "Unico"}  # fmt: skip
BALANCE_KINDS = {"provvigione": "Provvigione", "storno": "Storno", "pagamento": "Pagamento",
                 "anticipo": "Anticipo", "rettifica": "Rettifica"}  # fmt: skip
OWNER_KINDS = {"preventivo": "Preventivo", "polizza": "Polizza", "sinistro": "Sinistro",
               "chat": "Chat", "area": "Area documentale", "utente": "Utente"}  # fmt: skip
ID_DOCUMENTS = {"ci": "Carta d'identità", "patente": "Patente di guida", "passaporto": "Passaporto"}


def _customer(entries: Any) -> str:
    customer = customer_of(entries if isinstance(entries, list) else [])
    return customer.name if customer else ""


def _entry_value(entry: Mapping[str, Any]) -> str:
    """A customer field's value as the quote screen shows it."""
    value, kind = entry.get("value"), entry.get("type")
    if isinstance(value, Mapping):
        value = value.get("value", value.get("label"))
    if kind in ("data", "date", "immatricolazione"):
        return k.day(value)
    if kind in ("importo", "amount", "currency"):
        return k.euro(value)
    return k.text(value)


def usr_data_lines(old: Any, new: Any, _names: Names) -> list[tuple[str, str, str]]:
    """The customer fields that changed, one line each, labelled by the field's name."""

    def by_id(entries: Any) -> dict[str, Mapping[str, Any]]:
        items = entries if isinstance(entries, list) else []
        return {str(e.get("_id")): e for e in items if isinstance(e, Mapping)}

    before, after = by_id(old), by_id(new)
    lines = []
    for key in [*after, *(key for key in before if key not in after)]:
        was, now = before.get(key), after.get(key)
        was_text = _entry_value(was) if was else k.NOTHING
        now_text = _entry_value(now) if now else k.NOTHING
        if was_text != now_text:
            label = str((now or was or {}).get("name") or key)
            lines.append((label, was_text, now_text))
    return lines


def offers(value: Any, _names: Names | None = None) -> str:
    """The quotation's offers: ``Generali 1.050,00 €, Allianz 980,00 €``."""
    companies = value.get("company") if isinstance(value, Mapping) else None
    if not isinstance(companies, Mapping) or not companies:
        return k.NOTHING
    parts = []
    for name, offer in companies.items():
        total = offer.get("tot") if isinstance(offer, Mapping) else None
        parts.append(f"{name} {k.euro(total)}" if total is not None else str(name))
    return ", ".join(parts)


def _role(value: Any, names: Names) -> str:
    from core.db.audit_text import role_label

    return role_label(value, names.wording) or k.NOTHING


def _statuses(value: Any, _names: Names | None = None) -> str:
    if not isinstance(value, list):
        return k.NOTHING
    return ", ".join(str(s.get("name")) for s in value if isinstance(s, Mapping)) or k.NOTHING


def _companies(value: Any, _names: Names | None = None) -> str:
    return ", ".join(str(c) for c in value) if isinstance(value, Mapping) and value else k.NOTHING


def client_data_lines(old: Any, new: Any, _names: Names) -> list[tuple[str, str, str]]:
    """The client's contact and identity-document entries that changed."""
    fields: dict[str, tuple[str, k.Format]] = {
        "address": ("Indirizzo", k.text), "pec": ("PEC", k.text),
        "idType": ("Tipo documento", k.choice(ID_DOCUMENTS)),
        "idNumber": ("Numero documento", k.text),
        "idExpiry": ("Scadenza documento", k.day), "plates": ("Targhe", k.text),
    }  # fmt: skip
    before = old if isinstance(old, Mapping) else {}
    after = new if isinstance(new, Mapping) else {}
    lines = []
    for key, (label, show) in fields.items():
        was, now = before.get(key), after.get(key)
        if was != now:
            lines.append((label, show(was, _names) if was else k.NOTHING,
                          show(now, _names) if now else k.NOTHING))  # fmt: skip
    return lines


def _quote_name(row: Mapping[str, Any], names: Names) -> str:
    customer = _customer(row.get("usr_data")) or "cliente senza nome"
    product = names.products.get(str(row.get("product_id") or ""))
    return f"{customer} ({product})" if product else customer


def _policy_name(row: Mapping[str, Any], _names: Names) -> str:
    pr = row.get("pr") if isinstance(row.get("pr"), Mapping) else {}
    customer = _customer(pr.get("usrData"))  # type: ignore[union-attr]
    number = row.get("number") or "senza numero"
    company = row.get("company")
    head = f"{number} {company}" if company else str(number)
    return f"{head} · {customer}" if customer else head


def _instalment_name(row: Mapping[str, Any], _names: Names) -> str:
    return f"rata {row.get('number', '?')}"


AGENT = "{agent}"
TREE = {"agent_id": F(AGENT, k.user), "parent_agent_id": F(AGENT + " principale", k.user)}

QUOTES = RecordKind(
    table="quotes", label="Preventivi", noun="il preventivo", created="ha creato il preventivo",
    name=_quote_name,
    fields={
        "status": F("Stato"), "product_id": F("Prodotto", k.product),
        "usr_data": F("Dati cliente", expand=usr_data_lines), "price": F("Offerte", offers),
        "archived": F("Archiviato", k.yes_no), "renew": F("Rinnovo", k.yes_no),
        "emission_requested_at": F("Emissione richiesta il", k.rome_time),
        "emission_requested_by": F("Emissione richiesta da", k.user), **TREE,
    },
    phrases=(
        P("emission_requested_at", "ha richiesto l'emissione del preventivo", "set"),
        P("emission_requested_at", "ha annullato la richiesta di emissione del preventivo",
          "cleared"),
        P("status", "ha cambiato lo stato del preventivo"),
        P("archived", "ha archiviato il preventivo", "set"),
        P("archived", "ha ripristinato il preventivo", "cleared"),
        P("price", "ha quotato il preventivo"),
    ),
)  # fmt: skip

POLICIES = RecordKind(
    table="policies", label="Polizze", noun="la polizza", created="ha emesso la polizza",
    name=_policy_name,
    fields={
        "number": F("Numero polizza"), "company": F("Compagnia"),
        "product_id": F("Prodotto", k.product),
        "start_date": F("Decorrenza", k.day), "end_date": F("Scadenza", k.day),
        "premium": F("Premio", k.euro), "frequency": F("Frazionamento", k.choice(FREQUENCIES)),
        "commission": F("Provvigione compagnia", k.euro),
        "agent_total": F("Provvigione " + AGENT, k.euro),
        "parent_total": F("Provvigione " + AGENT + " principale", k.euro),
        "referrer_id": F("Segnalatore", k.user),
        "referrer_total": F("Provvigione segnalatore", k.euro),
        "payment_method": F("Metodo di pagamento"), "prepaid": F("Pagata in anticipo", k.yes_no),
        "paid": F("Pagata", k.yes_no), "paid_at": F("Pagata il", k.rome_time), **TREE,
    },
    phrases=(P("paid", "ha segnato come pagata la polizza", "set"),
             P("number", "ha cambiato il numero della polizza")),
    of_noun="della polizza",
)  # fmt: skip

INSTALMENTS = RecordKind(
    table="policy_instalments", label="Rate", noun="la rata", created="ha creato la rata",
    name=_instalment_name,
    fields={
        "number": F("Rata"), "cassa_date": F("Data di cassa", k.day), "total": F("Importo", k.euro),
        "paid": F("Incassata", k.yes_no), "paid_at": F("Incassata il", k.rome_time),
        "paid_method": F("Metodo di pagamento"),
    },
    phrases=(P("paid", "ha incassato la rata", "set"),
             P("paid", "ha annullato l'incasso della rata", "cleared")),
    parent=("policy_id", "policies"),
)  # fmt: skip

CASH_DAYS = RecordKind(
    table="cash_days", label="Cassa", noun="la cassa", created="ha chiuso la cassa",
    name=lambda row, _n: f"del {k.day(row.get('day'))}",
    fields={"day": F("Giorno", k.day), "closed_by": F("Chiusa da", k.user)},
    deleted="ha riaperto la cassa",
)  # fmt: skip

USERS = RecordKind(
    table="users", label="Utenti", noun="l'utente", created="ha creato l'utente",
    name=lambda row, _n: str(row.get("name") or row.get("email") or ""),
    fields={
        "name": F("Nome"), "email": F("E-mail"), "role": F("Ruolo", _role),
        "parent_agent_id": F(AGENT + " di riferimento", k.user),
        "extra_products": F("Prodotti aggiuntivi", k.products),
        "referred_user_ids": F("Utenti segnalati", k.users),
        "provv": F("Provvigioni", k.changed_only), "ritenuta": F("Ritenuta", k.rate),
        "language": F("Lingua", k.choice({"it": "Italiano", "en": "Inglese"})),
        "suspended_at": F("Sospeso il", k.rome_time), "suspended_by": F("Sospeso da", k.user),
        "credentials_version": F("Password", k.changed_only), "photo": F("Foto", k.changed_only),
    },
    phrases=(
        P("suspended_at", "ha sospeso l'utente", "set"),
        P("suspended_at", "ha riattivato l'utente", "cleared"),
        P("credentials_version", "ha cambiato la password dell'utente"),
        P("role", "ha cambiato il ruolo dell'utente"),
    ),
)  # fmt: skip

BALANCE = RecordKind(
    table="balance_log", label="Saldo collaboratori", noun="il movimento",
    created="ha registrato un movimento del saldo di",
    name=lambda row, names: k.user(row.get("user_id"), names),
    fields={
        "kind": F("Tipo", k.choice(BALANCE_KINDS)), "amount": F("Importo", k.euro),
        "gross": F("Lordo", k.euro), "withholding": F("Ritenuta", k.euro),
        "description": F("Descrizione"),
    },
    updated="ha modificato un movimento del saldo di",
    deleted="ha eliminato un movimento del saldo di",
)  # fmt: skip

PRODUCTS = RecordKind(
    table="products", label="Prodotti", noun="il prodotto", created="ha creato il prodotto",
    name=lambda row, _n: str(row.get("name") or ""),
    fields={
        "name": F("Nome"), "description": F("Descrizione"), "active": F("Attivo", k.yes_no),
        "companies": F("Compagnie", _companies), "fields": F("Campi cliente", k.changed_only),
    },
    phrases=(P("active", "ha attivato il prodotto", "set"),
             P("active", "ha disattivato il prodotto", "cleared")),
)  # fmt: skip

DOCUMENTS = RecordKind(
    table="documents", label="Documenti", noun="il documento", created="ha caricato il documento",
    name=lambda row, _n: str(row.get("name") or ""),
    fields={
        "name": F("Nome"), "doc_type": F("Tipo"),
        "owner_kind": F("Allegato a", k.choice(OWNER_KINDS)),
        "instalment_number": F("Rata"), "selected": F("Selezionato", k.yes_no),
    },
)  # fmt: skip

CLIENTS = RecordKind(
    table="clients", label="Clienti", noun="il cliente", created="ha creato il cliente",
    name=lambda row, _n: str(row.get("name") or ""),
    fields={
        "name": F("Nome"), "fiscal_code": F("Codice fiscale"), "email": F("E-mail"),
        "phone": F("Telefono"), "data": F("Dati", expand=client_data_lines),
        "agent_id": F(AGENT, k.user),
    },
)  # fmt: skip

SETTINGS = RecordKind(
    table="tenant_settings", label="Impostazioni", noun="le impostazioni",
    created="ha salvato le impostazioni", name=lambda _row, _n: "",
    fields={
        "disabled_products": F("Prodotti disattivati", k.products),
        "extra_stati": F("Stati dei preventivi", _statuses),
        "assistenza": F("Testo di assistenza", k.changed_only),
        "data": F("Altre impostazioni", k.changed_only),
        "demo_seeded_at": F("Dati dimostrativi creati il", k.rome_time),
    },
    updated="ha modificato le impostazioni",
)  # fmt: skip

CORE_KINDS: tuple[RecordKind, ...] = (
    QUOTES, POLICIES, INSTALMENTS, CASH_DAYS, USERS, BALANCE, PRODUCTS, DOCUMENTS, CLIENTS,
    SETTINGS,
)  # fmt: skip
