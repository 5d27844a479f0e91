"""How the activity log names a kind of record and shows its fields, as the screens do.

A :class:`RecordKind` says, for one audited table, what a change to it reads as ('ha emesso
la polizza'), how one of its records is named (the customer, the policy number) and which
columns are shown, each with its label and value formatter. Columns a kind does not list are
never shown: a secret column (a password hash, a token) cannot leak through a new field.
Core's areas and product lines register their kinds through the ``audit_record_kinds`` hook.

Formatters receive the stored value (the audit log keeps dates and amounts as ISO strings,
a current row gives Python values) and the :class:`Names` the describer loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Literal

from core.i18n import ROME
from core.money import euro_text

MAX_VALUE = 80
"""Characters of one value shown; a longer one is cut with '…'."""
NOTHING = "—"


@dataclass(frozen=True, slots=True)
class Names:
    """What formatters may need beyond a value: users and products by id, the wording."""

    users: Mapping[str, str] = field(default_factory=dict)
    products: Mapping[str, str] = field(default_factory=dict)
    wording: Mapping[str, str] = field(default_factory=dict)

    def words(self, text: str) -> str:
        """``text`` with ``{agent}``, ``{subagent}``… replaced by the tenant's words."""
        try:
            return text.format_map(_Words(self.wording))
        except (ValueError, IndexError):
            return text


class _Words(dict[str, str]):
    def __init__(self, wording: Mapping[str, str]) -> None:
        super().__init__(wording)

    def __missing__(self, key: str) -> str:
        return {"agent": "Agente", "agents": "Agenti", "subagent": "Subagente"}.get(key, key)


Format = Callable[[Any, Names], str]
Expand = Callable[[Any, Any, Names], list[tuple[str, str, str]]]
"""A JSON column's change as several ``(label, old, new)`` lines."""


@dataclass(frozen=True, slots=True)
class AuditField:
    """A shown column: its label (``{agent}`` and the like take the tenant's words) and how
    its values read; ``expand`` turns a JSON column's change into one line per entry."""

    label: str
    show: Format | None = None
    expand: Expand | None = None


@dataclass(frozen=True, slots=True)
class AuditPhrase:
    """What an update reads as when ``column`` changed (the first matching phrase wins):
    ``when`` narrows it to a new value that is set, cleared, true or false."""

    column: str
    text: str
    when: Literal["any", "set", "cleared"] = "any"


@dataclass(frozen=True, slots=True)
class RecordKind:
    """One audited table in words. ``noun`` is the record with its article ('la polizza');
    ``name`` names one record from its column values."""

    table: str
    label: str
    noun: str
    created: str
    name: Callable[[Mapping[str, Any], Names], str]
    fields: Mapping[str, AuditField]
    phrases: Sequence[AuditPhrase] = ()
    updated: str = ""
    deleted: str = ""
    parent: tuple[str, str] | None = None
    """``(column, table)``: the record this one belongs to, named after it ('rata 2 della
    polizza AZ-876B20')."""
    of_noun: str = ""
    """How a child names this kind before its name: 'della polizza'."""

    def updated_text(self) -> str:
        return self.updated or f"ha modificato {self.noun}"

    def deleted_text(self) -> str:
        return self.deleted or f"ha eliminato {self.noun}"


def cut(text: str, limit: int = MAX_VALUE) -> str:
    """``text`` on one line, at most ``limit`` characters ('…' marks a cut)."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def text(value: Any, _names: Names | None = None) -> str:
    if value is None or value == "":
        return NOTHING
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, list | tuple):
        return cut(", ".join(text(v) for v in value)) if value else NOTHING
    if isinstance(value, dict):
        return cut(", ".join(str(k) for k in value)) if value else NOTHING
    return cut(str(value))


def yes_no(value: Any, _names: Names | None = None) -> str:
    return NOTHING if value is None else ("Sì" if value else "No")


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, bool) or value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


def euro(value: Any, _names: Names | None = None) -> str:
    """``1050`` → ``1.050,00 €`` (grouped, half-up to the cent), as the screens show it."""
    number = _decimal(value)
    if number is None or not number.is_finite():
        return text(value)
    return euro_text(number)


def rate(value: Any, _names: Names | None = None) -> str:
    """``22.25`` → ``22,25 %``."""
    number = _decimal(value)
    if number is None or not number.is_finite():
        return text(value)
    return f"{number.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)}".replace(".", ",") + " %"


def _moment(value: Any) -> date | datetime | None:
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value)
    except ValueError:
        return None


def day(value: Any, _names: Names | None = None) -> str:
    """``2026-03-05`` → ``05/03/2026`` (a calendar day: no time-zone shift)."""
    moment = _moment(value)
    if moment is None:
        return text(value)
    if isinstance(moment, datetime):
        moment = moment.date()
    return f"{moment:%d/%m/%Y}"


def rome_time(value: Any, _names: Names | None = None) -> str:
    """An instant as ``dd/mm/yyyy HH:mm`` in Europe/Rome (a naive one is taken as UTC)."""
    moment = _moment(value)
    if not isinstance(moment, datetime):
        return day(value)
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return f"{aware.astimezone(ROME):%d/%m/%Y %H:%M}"


def user(value: Any, names: Names) -> str:
    """A user id as the user's name."""
    if not value:
        return NOTHING
    return cut(names.users.get(str(value)) or "utente eliminato")


def users(value: Any, names: Names) -> str:
    return (
        ", ".join(user(v, names) for v in value) if isinstance(value, list) and value else NOTHING
    )


def product(value: Any, names: Names) -> str:
    if not value:
        return NOTHING
    return cut(names.products.get(str(value)) or str(value))


def products(value: Any, names: Names) -> str:
    if not isinstance(value, list) or not value:
        return NOTHING
    return cut(", ".join(product(v, names) for v in value))


def changed_only(_value: Any, _names: Names | None = None) -> str:
    """A value not shown (long or technical): the line says only that it changed."""
    return "modificato"


def choice(labels: Mapping[str, str]) -> Format:
    """A code shown by its label (``ANN`` → ``Annuale``)."""

    def show(value: Any, _names: Names | None = None) -> str:
        return NOTHING if value is None else labels.get(str(value), text(value))

    return show
