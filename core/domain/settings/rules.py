"""What an admin may save on ``/impostazioni`` (SPEC §3 'Settings'), each field bounded and
checked with a message naming it. Absent fields stay as they are."""

from __future__ import annotations

import re
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.domain.documents.area_rules import ROLES
from core.domain.dunning.plan import EARLIEST, LATEST, MAX_OFFSETS
from core.domain.policies.payment_rules import METHODS
from core.domain.policies.schedule import FREQUENCIES
from core.domain.products.schemas import MAX_COMPANIES, CompanyConfig, CompanyName
from core.validation import StrictBool

HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
COLOUR_KEY = re.compile(r"^[a-z][a-zA-Z0-9]{0,30}$")
UNSAFE_HTML = re.compile(r"<\s*(script|iframe|object|embed|style)|\son\w+\s*=|javascript:", re.I)
MAX_SUPPORT_HTML = 20_000
Short = Annotated[str, Field(min_length=1, max_length=120)]
Role = Annotated[str, Field(max_length=20)]

BAD_COLOUR = "Colore non valido per '{key}': usa il formato #RRGGBB"
BAD_COLOUR_KEY = "Nome di colore non valido: {key}"
UNSAFE_SUPPORT = "Il testo di assistenza contiene codice non consentito (script, eventi o iframe)"
UNKNOWN_ROLE = "Ruolo sconosciuto in {field} dello stato '{status}': {role}"
REPEATED_STATUS = "Stato ripetuto: {status}"
FIXED_STATUS_NAME = "Il nome dello stato {id} ({name}) non si può cambiare: guida il flusso"
BAD_FREQUENCY = "Frazionamento sconosciuto: {code}"
BAD_FREQUENCY_RATE = "Il frazionamento {code} ha {rate} rate l'anno"
UNKNOWN_METHOD = "Metodo di pagamento sconosciuto: {code}"
BAD_SLIDE_LINK = "Il link di una slide deve iniziare con / oppure https://"
TOO_MANY_REMINDERS = "Al massimo {max} solleciti"
REMINDER_OUT_OF_RANGE = (
    "Giorno di sollecito non valido: {day} (da {earliest} a {latest} giorni dalla scadenza)"
)
REPEATED_REMINDER = "Giorno di sollecito ripetuto: {day}"
REMINDER_NOT_A_DAY = "I giorni di sollecito sono numeri interi di giorni dalla scadenza"


class StatusSetting(BaseModel):
    """One status (SPEC §3 'Status setting'): ``canSelectedBy`` absent means anyone."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    id: Annotated[int, Field(strict=True, ge=-1000, le=100_000)]
    name: Short
    canSelectedBy: list[Role] | None = Field(default=None, max_length=5)  # noqa: N815
    alert: list[Role] = Field(default_factory=list, max_length=5)

    @model_validator(mode="after")
    def _known_roles(self) -> Self:
        for field in ("canSelectedBy", "alert"):
            for role in getattr(self, field) or ():
                if role not in ROLES:
                    raise ValueError(UNKNOWN_ROLE.format(field=field, status=self.name, role=role))
        return self

    def stored(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class Frequency(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: Short
    code: str = Field(max_length=10)
    rate: Annotated[int, Field(strict=True, ge=0, le=12)]

    @model_validator(mode="after")
    def _known(self) -> Self:
        if self.code not in FREQUENCIES:
            raise ValueError(BAD_FREQUENCY.format(code=self.code))
        if FREQUENCIES[self.code] != self.rate:
            raise ValueError(BAD_FREQUENCY_RATE.format(code=self.code, rate=FREQUENCIES[self.code]))
        return self


class Slide(BaseModel):
    """A home-page slide for agents: a title, a text and an optional link."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    title: Short
    text: str = Field(default="", max_length=500)
    link: str | None = Field(default=None, max_length=300)

    @field_validator("link")
    @classmethod
    def _safe_link(cls, link: str | None) -> str | None:
        local = link is not None and link.startswith("/") and not link.startswith("//")
        if link and ("\\" in link or not (local or link.startswith("https://"))):
            raise ValueError(BAD_SLIDE_LINK)  # with a backslash, '/\\host' is another site
        return link or None


class SettingsChanges(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    title: Short | None = None
    colors: dict[str, str] | None = Field(default=None, max_length=12)
    template: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9-]{0,39}$")
    assistenza: str | None = Field(default=None, max_length=MAX_SUPPORT_HTML)
    stati: list[StatusSetting] | None = Field(default=None, max_length=50)
    compagnie: dict[CompanyName, CompanyConfig] | None = Field(
        default=None, max_length=MAX_COMPANIES
    )
    rami: list[Short] | None = Field(default=None, max_length=100)
    frazionamenti: list[Frequency] | None = Field(default=None, min_length=1, max_length=5)
    slides: list[Slide] | None = Field(default=None, max_length=20)
    metodiPagamento: list[str] | None = Field(default=None, min_length=1, max_length=6)  # noqa: N815
    plateInQuote: StrictBool | None = None  # noqa: N815
    maxUploadMb: Annotated[int, Field(strict=True, ge=1, le=500)] | None = None  # noqa: N815
    retrodatazioneMaxGiorni: Annotated[int, Field(strict=True, ge=0, le=3650)] | None = None  # noqa: N815
    solleciti: list[Annotated[int, Field(strict=True)]] | None = Field(default=None, max_length=50)
    sollecitiEmail: StrictBool | None = None  # noqa: N815
    sollecitiPush: StrictBool | None = None  # noqa: N815
    consegnaPrecontrattuale: StrictBool | None = None  # noqa: N815
    """The emission gate of :mod:`core.domain.precontract.gate` (IVASS Reg. 40/2018 art. 56)."""

    @field_validator("solleciti", mode="before")
    @classmethod
    def _reminder_days(cls, days: Any) -> Any:
        """The dunning days (``core.domain.dunning.plan``): whole numbers (checked before any
        conversion, as the body arrives), bounded, each once, ascending."""
        if not isinstance(days, list):
            return days  # None, or refused by the field's type
        if any(type(day) is not int for day in days):
            raise ValueError(REMINDER_NOT_A_DAY)
        if len(days) > MAX_OFFSETS:
            raise ValueError(TOO_MANY_REMINDERS.format(max=MAX_OFFSETS))
        for day in days:
            if not EARLIEST <= day <= LATEST:
                raise ValueError(
                    REMINDER_OUT_OF_RANGE.format(day=day, earliest=EARLIEST, latest=LATEST)
                )
        if len(set(days)) != len(days):
            repeated = next(day for day in days if days.count(day) > 1)
            raise ValueError(REPEATED_REMINDER.format(day=repeated))
        return sorted(days)

    @field_validator("colors")
    @classmethod
    def _colours(cls, colors: dict[str, str] | None) -> dict[str, str] | None:
        for key, value in (colors or {}).items():
            if not COLOUR_KEY.match(key):
                raise ValueError(BAD_COLOUR_KEY.format(key=key[:40]))
            if not isinstance(value, str) or not HEX_COLOUR.match(value):
                raise ValueError(BAD_COLOUR.format(key=key))
        return colors

    @field_validator("metodiPagamento")
    @classmethod
    def _methods(cls, codes: list[str] | None) -> list[str] | None:
        if codes is None:
            return None
        for code in codes:
            if code not in METHODS:
                raise ValueError(UNKNOWN_METHOD.format(code=str(code)[:40]))
        return [code for code in METHODS if code in codes]

    @field_validator("assistenza")
    @classmethod
    def _safe_html(cls, html: str | None) -> str | None:
        if html is not None and UNSAFE_HTML.search(html):
            raise ValueError(UNSAFE_SUPPORT)
        return html

    @field_validator("stati")
    @classmethod
    def _distinct(cls, stati: list[StatusSetting] | None) -> list[StatusSetting] | None:
        seen: set[object] = set()
        for status in stati or ():
            for key in (("id", status.id), ("name", status.name.lower())):
                if key in seen:
                    raise ValueError(REPEATED_STATUS.format(status=status.name))
                seen.add(key)
        return stati
