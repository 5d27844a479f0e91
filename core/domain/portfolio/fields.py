"""What a portfolio row may say, and each value checked: one row is one policy with its
client (or a client alone, where no policy number is given).

The mapping says which column of the file holds each field (``{field: header}``); a header is
guessed from its name (:func:`guess`). A bad value makes the row bad, with its reason in
Italian and the column it is in; money is read to the cent as ``Decimal`` (``1.234,56``,
``1234,56``, ``1234.56`` or a spreadsheet's number), never as a float."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any

from core.domain.policies.schedule import FREQUENCIES, add_months, split_cents
from core.domain.products.fields.fiscal import is_codice_fiscale, is_partita_iva
from core.domain.remittances.company_file import parse_amount
from core.money import euro_text, from_cents, to_cents

FIELDS: dict[str, str] = {
    "client_key": "Codice cliente",
    "name": "Nome e cognome / Ragione sociale",
    "fiscal_code": "Codice fiscale / Partita IVA",
    "email": "Email",
    "phone": "Telefono",
    "policy_key": "Codice polizza",
    "company": "Compagnia",
    "number": "Numero polizza",
    "product": "Prodotto",
    "start_date": "Decorrenza",
    "end_date": "Scadenza",
    "premium": "Premio lordo",
    "frequency": "Frazionamento",
    "instalments": "Rate (importi separati da |)",
    "agent": "Agente (email)",
}
"""Every field a column can be mapped to, with its name in Italian."""
REQUIRED = ("name", "fiscal_code")
"""A mapping must name these; a row must fill them."""
POLICY_REQUIRED = ("company", "number", "start_date", "premium")
"""A row with a policy number must fill these too."""

GUESSES: dict[str, tuple[str, ...]] = {
    "client_key": ("codice cliente", "cod cliente", "id cliente", "client id", "customer id",
                   "codice anagrafica", "id anagrafica"),
    "name": ("nome e cognome", "nominativo", "cliente", "contraente", "ragione sociale",
             "denominazione", "nome", "name", "intestatario", "assicurato"),
    "fiscal_code": ("codice fiscale", "cf", "c f", "codice fiscale partita iva", "cf piva",
                    "partita iva", "piva", "p iva", "fiscal code", "tax code"),
    "email": ("email", "e mail", "mail", "posta elettronica"),
    "phone": ("telefono", "cellulare", "tel", "phone", "mobile", "recapito"),
    "policy_key": ("codice polizza", "id polizza", "policy id"),
    "company": ("compagnia", "compagnia assicurativa", "impresa", "company", "assicuratore"),
    "number": ("numero polizza", "n polizza", "nr polizza", "num polizza", "polizza",
               "policy number", "policy"),
    "product": ("prodotto", "product", "ramo prodotto", "tipo polizza"),
    "start_date": ("decorrenza", "data decorrenza", "inizio", "data inizio", "effetto",
                   "data effetto", "start date", "start"),
    "end_date": ("scadenza", "data scadenza", "fine", "data fine", "end date", "end"),
    "premium": ("premio", "premio lordo", "premio annuo", "lordo", "importo", "premium",
                "totale"),
    "frequency": ("frazionamento", "rateazione", "frequenza", "frequency"),
    "instalments": ("rate", "importi rate", "rate importi", "instalments"),
    "agent": ("agente", "email agente", "agent", "collaboratore", "produttore"),
}  # fmt: skip

FREQUENCY_WORDS: dict[str, str] = {
    "ann": "ANN", "annuale": "ANN", "annuo": "ANN", "a": "ANN", "1": "ANN",
    "sem": "SEM", "semestrale": "SEM", "s": "SEM", "2": "SEM",
    "quad": "QUAD", "quadrimestrale": "QUAD", "q": "QUAD", "3": "QUAD",
    "men": "MEN", "mensile": "MEN", "m": "MEN", "12": "MEN",
    "unico": "UNICO", "premio unico": "UNICO", "u": "UNICO", "0": "UNICO",
}  # fmt: skip
BY_COUNT = {1: "ANN", 2: "SEM", 3: "QUAD", 12: "MEN"}
MAX_PREMIUM = Decimal("10000000")
DAY_FORMATS = ("%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y-%m-%d", "%d/%m/%y")
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")

REQUIRED_VALUE = "campo obbligatorio vuoto"
BAD_FISCAL_CODE = "codice fiscale o partita IVA non valido"
BAD_DATE = "data non valida (usa gg/mm/aaaa)"
BAD_AMOUNT = "importo non valido (usa 1.234,56 o 1234.56)"
NOT_POSITIVE = "il premio deve essere maggiore di zero"
BAD_FREQUENCY = (
    "frazionamento non riconosciuto (annuale, semestrale, quadrimestrale, mensile, unico)"
)
BAD_EMAIL = "email non valida"
END_BEFORE_START = "la scadenza deve seguire la decorrenza"
BAD_INSTALMENT = "importo di rata non valido «{value}»"
INSTALMENTS_SUM = "le rate sommano {total} e non il premio {premium}"
INSTALMENTS_COUNT = "{count} rate non corrispondono al frazionamento {frequency}"
INSTALMENTS_UNICO = "un premio unico non ha rate"
TOO_LONG = "testo troppo lungo (massimo {limit} caratteri)"
UNKNOWN_PRODUCT = "prodotto sconosciuto «{value}»"
UNKNOWN_AGENT = "agente sconosciuto «{value}»"
NOT_YOUR_AGENT = "l'agente «{value}» non è della tua rete"
DUPLICATE_KEY = "chiave già presente nel file alla riga {row}"
CLIENT_DIFFERS = "dati del cliente diversi da quelli della riga {row} con la stessa chiave"
OTHER_TREE = "il record importato prima appartiene a un'altra rete di agenti"
PAID_INSTALMENTS = "la polizza ha rate già incassate: le rate non si possono cambiare"


@dataclass(frozen=True, slots=True)
class BadRow:
    """One bad value: its line in the file (the header is line 1), its column's header,
    the value and why it is refused."""

    row: int
    column: str
    value: str
    reason: str

    def wire(self) -> list[Any]:
        return [self.row, self.column, self.value, self.reason]


@dataclass(slots=True)
class ClientRow:
    key: str
    name: str
    fiscal_code: str
    email: str | None
    phone: str | None

    def values(self) -> dict[str, Any]:
        return {"name": self.name, "fiscal_code": self.fiscal_code, "email": self.email,
                "phone": self.phone}  # fmt: skip


@dataclass(slots=True)
class PolicyRow:
    key: str
    company: str
    number: str
    product_id: str | None
    start_date: date
    end_date: date
    premium: Decimal
    frequency: str
    instalments: list[tuple[date, Decimal]]
    agent_email: str | None

    def values(self) -> dict[str, Any]:
        return {
            "company": self.company, "number": self.number, "product_id": self.product_id,
            "start_date": self.start_date.isoformat(), "end_date": self.end_date.isoformat(),
            "premium": str(self.premium), "frequency": self.frequency,
            "instalments": [[d.isoformat(), str(a)] for d, a in self.instalments],
        }  # fmt: skip


@dataclass(slots=True)
class Row:
    """A good row: its line, its client and its policy (``None``: a client alone)."""

    line: int
    client: ClientRow
    policy: PolicyRow | None
    agent_email: str | None = None
    errors: list[BadRow] = field(default_factory=list)


def digest(values: Mapping[str, Any]) -> str:
    """What a row said, as a short stable fingerprint (a re-run compares them)."""
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def _name(header: Any) -> str:
    text = re.sub(r"[^a-z0-9 ]", " ", str(header or "").lower().replace("à", "a"))
    return " ".join(text.split())


def guess(header: Sequence[str]) -> dict[str, str]:
    """The mapping guessed from the headers' names: ``{field: header}``, exact names first."""
    names = [_name(h) for h in header]
    found: dict[str, str] = {}
    taken: set[int] = set()
    for exact in (True, False):
        for key, options in GUESSES.items():
            if key in found:
                continue
            for index, name in enumerate(names):
                if index in taken or not name:
                    continue
                hit = name in options if exact else any(
                    name.startswith(o + " ") or name.endswith(" " + o)
                    for o in options if len(o) > 3
                )  # fmt: skip
                if hit:
                    found[key] = header[index]
                    taken.add(index)
                    break
    return found


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, datetime):
        return value.date().isoformat()
    return " ".join(str(value).split())


DAY = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")
ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def parse_day(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = _text(value)
    for pattern, order in ((DAY, (3, 2, 1)), (ISO_DAY, (1, 2, 3))):
        found = pattern.fullmatch(text)
        if found:
            try:
                return date(*(int(found.group(i)) for i in order))
            except ValueError:
                return None
    for form in DAY_FORMATS:
        try:
            return datetime.strptime(text, form).date()
        except ValueError:
            continue
    if len(text) > 10 and text[10] in "T ":  # an ISO timestamp
        return parse_day(text[:10])
    return None


@lru_cache(maxsize=65536)
def valid_fiscal_code(code: str) -> bool:
    """A codice fiscale or a partita IVA (a client's rows repeat it: asked once)."""
    return is_codice_fiscale(code) or is_partita_iva(code)


def frequency_of(value: Any) -> str | None:
    return FREQUENCY_WORDS.get(_text(value).lower())


class RowReader:
    """Reads the rows of one file under one mapping: ``products`` maps a lower-case name or
    id to the product id, ``agents`` a lower-case email to the user id."""

    def __init__(
        self, header: Sequence[str], mapping: Mapping[str, str], products: Mapping[str, str],
        agents: Mapping[str, Any] | None,
    ) -> None:  # fmt: skip
        self.index = {f: header.index(h) for f, h in mapping.items() if f in FIELDS and h in header}
        self.headers = dict(mapping)
        self.products = products
        self.agents = agents
        self.policy_lines: dict[str, int] = {}
        self.clients: dict[str, tuple[int, dict[str, Any]]] = {}

    def _cell(self, row: Sequence[Any], name: str) -> Any:
        index = self.index.get(name)
        if index is None or index >= len(row):
            return None
        value = row[index]
        return value.strip() if isinstance(value, str) else value

    def read(self, line: int, row: Sequence[Any]) -> Row | list[BadRow]:
        errors: list[BadRow] = []

        def bad(name: str, reason: str) -> None:
            value = self._cell(row, name)
            errors.append(BadRow(line, self.headers.get(name, FIELDS[name]), _text(value)[:60],
                                 reason))  # fmt: skip

        def text(name: str, limit: int, required: bool = False) -> str:
            value = _text(self._cell(row, name))
            if required and not value:
                bad(name, REQUIRED_VALUE)
            elif len(value) > limit:
                bad(name, TOO_LONG.format(limit=limit))
            return value[:limit]

        name = text("name", 200, required=True)
        code = text("fiscal_code", 20, required=True)
        code = code.replace(" ", "").upper()
        if code and not valid_fiscal_code(code):
            bad("fiscal_code", BAD_FISCAL_CODE)
        email = text("email", 254) or None
        if email and not EMAIL.fullmatch(email):
            bad("email", BAD_EMAIL)
        phone = text("phone", 40) or None
        client_key = text("client_key", 120) or code
        agent_email = text("agent", 254).lower() or None
        if agent_email and self.agents is not None and agent_email not in self.agents:
            bad("agent", UNKNOWN_AGENT.format(value=agent_email[:60]))
        client = ClientRow(client_key, name, code, email, phone)
        policy = self._policy(line, row, text, bad, agent_email)
        if errors:
            return errors
        seen = self.clients.get(client.key)
        client_values = {**client.values(), "agent": agent_email}
        if seen is not None and seen[1] != client_values:
            bad("client_key" if "client_key" in self.index else "fiscal_code",
                CLIENT_DIFFERS.format(row=seen[0]))  # fmt: skip
            return errors
        if policy is not None:
            first = self.policy_lines.get(policy.key)
            if first is not None:
                bad("policy_key" if "policy_key" in self.index else "number",
                    DUPLICATE_KEY.format(row=first))  # fmt: skip
                return errors
            self.policy_lines[policy.key] = line
        if seen is None:
            self.clients[client.key] = (line, client_values)
        return Row(line, client, policy, agent_email)

    def _policy(
        self, line: int, row: Sequence[Any], text: Any, bad: Any, agent_email: str | None
    ) -> PolicyRow | None:
        number = text("number", 100)
        if not number:
            return None
        company = text("company", 100, required=True)
        product_id = None
        product = text("product", 200)
        if product:
            product_id = self.products.get(product.lower())
            if product_id is None:
                bad("product", UNKNOWN_PRODUCT.format(value=product[:60]))
        start = end = None
        raw_start = self._cell(row, "start_date")
        if raw_start in (None, ""):
            bad("start_date", REQUIRED_VALUE)
        else:
            start = parse_day(raw_start)
            if start is None:
                bad("start_date", BAD_DATE)
        raw_end = self._cell(row, "end_date")
        if raw_end not in (None, ""):
            end = parse_day(raw_end)
            if end is None:
                bad("end_date", BAD_DATE)
        elif start is not None:
            end = add_months(start, 12)
        if start is not None and end is not None and end <= start:
            bad("end_date", END_BEFORE_START)
        premium = None
        raw_premium = self._cell(row, "premium")
        if raw_premium in (None, ""):
            bad("premium", REQUIRED_VALUE)
        else:
            premium = parse_amount(raw_premium)
            if premium is None or abs(premium) >= MAX_PREMIUM:
                bad("premium", BAD_AMOUNT)
                premium = None
            elif premium <= 0:
                bad("premium", NOT_POSITIVE)
                premium = None
        frequency = None
        raw_frequency = self._cell(row, "frequency")
        if raw_frequency not in (None, ""):
            frequency = frequency_of(raw_frequency)
            if frequency is None:
                bad("frequency", BAD_FREQUENCY)
        amounts: list[Decimal] | None = None
        raw_instalments = _text(self._cell(row, "instalments"))
        if raw_instalments:
            amounts = []
            for part in raw_instalments.split("|"):
                value = parse_amount(part.strip())
                if value is None or value <= 0:
                    bad("instalments", BAD_INSTALMENT.format(value=part.strip()[:20]))
                    amounts = None
                    break
                amounts.append(value)
        if company == "" or start is None or end is None or premium is None:
            return None
        instalments = self._instalments(premium, frequency, amounts, start, bad)
        if instalments is None:
            return None
        frequency = frequency or BY_COUNT.get(len(instalments), "ANN")
        key = text("policy_key", 120) or f"{company.upper()}|{''.join(number.split()).upper()}"
        return PolicyRow(key, company, number, product_id, start, end, premium, frequency,
                         instalments, agent_email)  # fmt: skip

    @staticmethod
    def _instalments(
        premium: Decimal, frequency: str | None, amounts: list[Decimal] | None, start: date,
        bad: Any,
    ) -> list[tuple[date, Decimal]] | None:  # fmt: skip
        if amounts is None:
            count = FREQUENCIES[frequency or "ANN"]
            if count == 0:
                return []
            step = 12 // count
            shares = split_cents(to_cents(premium), count)
            return [(add_months(start, k * step), from_cents(s)) for k, s in enumerate(shares)]
        if frequency == "UNICO":
            bad("instalments", INSTALMENTS_UNICO)
            return None
        expected = FREQUENCIES[frequency] if frequency else None
        if (expected is not None and len(amounts) != expected) or (
            expected is None and len(amounts) not in BY_COUNT
        ):
            bad("instalments", INSTALMENTS_COUNT.format(
                count=len(amounts), frequency=(frequency or "?").lower()))  # fmt: skip
            return None
        total = sum(amounts, Decimal(0))
        if to_cents(total) != to_cents(premium):
            bad(
                "instalments",
                INSTALMENTS_SUM.format(total=euro_text(total), premium=euro_text(premium)),
            )
            return None
        step = 12 // len(amounts)
        return [(add_months(start, k * step), a) for k, a in enumerate(amounts)]
