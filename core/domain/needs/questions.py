"""The questionnaire's shape and its built-in questions (IVASS Reg. 40/2018, art. 58; CAP
art. 119-ter c. 1: before the contract the distributor learns the customer's demands and needs
and proposes only a contract consistent with them).

A question is either a choice (``scelta``: :data:`MIN_OPTIONS` to :data:`MAX_OPTIONS`
answers, each marked ``coerente`` or not with the product) or a free text (``testo``). An
answer not ``coerente`` is what makes the office's warning and the customer's notice."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from core.domain.taxes.rami import RAMI, RCA
from core.validation import PlainText, StrictBool

GENERAL = "generale"
KINDS: dict[str, str] = {GENERAL: "Generale (tutti i rami)", **RAMI}
"""Questionnaire kind → its Italian name: the general one, then one per ramo."""
MAX_QUESTIONS = 30
MIN_OPTIONS = 2
MAX_OPTIONS = 8
MAX_TEXT_ANSWER = 1000
OPTIONS_NEEDED = "Una domanda a scelta ha da {low} a {high} risposte"
NO_OPTIONS = "Una domanda a testo libero non ha risposte da scegliere"
SAME_ID = "Due domande hanno lo stesso codice: {id}"
NO_QUESTIONS = "Il questionario generale deve avere almeno una domanda"


class Option(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    label: PlainText = Field(min_length=1, max_length=120)
    coerente: StrictBool = True


class Question(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    id: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    text: PlainText = Field(min_length=1, max_length=300)
    type: Literal["scelta", "testo"]
    required: StrictBool = True
    options: list[Option] = Field(default_factory=list, max_length=MAX_OPTIONS)

    @model_validator(mode="after")
    def _options_fit_the_type(self) -> Question:
        if self.type == "scelta" and len(self.options) < MIN_OPTIONS:
            raise ValueError(OPTIONS_NEEDED.format(low=MIN_OPTIONS, high=MAX_OPTIONS))
        if self.type == "testo" and self.options:
            raise ValueError(NO_OPTIONS)
        return self


class QuestionnaireBody(BaseModel):
    """What the admin saves for a kind: the questions in order (none: the general ones)."""

    model_config = ConfigDict(extra="forbid")
    questions: list[Question] = Field(max_length=MAX_QUESTIONS)

    @model_validator(mode="after")
    def _ids_are_unique(self) -> QuestionnaireBody:
        seen: set[str] = set()
        for question in self.questions:
            if question.id in seen:
                raise ValueError(SAME_ID.format(id=question.id))
            seen.add(question.id)
        return self


def _choice(id_: str, text: str, *options: tuple[str, bool]) -> dict[str, Any]:
    return {"id": id_, "text": text, "type": "scelta", "required": True,
            "options": [{"label": label, "coerente": fits} for label, fits in options]}  # fmt: skip


YES, NO = "Sì", "No"
_BUDGET = _choice(
    "premio_sostenibile",
    "Il premio proposto è compatibile con quanto intendi spendere per questa copertura?",
    (YES, True), (NO, False),
)  # fmt: skip
_OTHER_COVER = _choice(
    "altre_coperture",
    "Hai già altre polizze che coprono gli stessi rischi?",
    ("No", True), ("Sì, e questa le sostituisce o le integra", True),
    ("Sì, e non voglio pagare due volte la stessa copertura", False),
)  # fmt: skip
_NEED = {
    "id": "esigenza", "text": "Descrivi con parole tue che cosa vuoi proteggere e perché",
    "type": "testo", "required": False, "options": [],
}  # fmt: skip

DEFAULTS: dict[str, list[dict[str, Any]]] = {
    GENERAL: [
        _choice(
            "durata", "Per quanto tempo ti serve la copertura?",
            ("Un anno o più, con rinnovo", True), ("Meno di un anno", False),
        ),
        _OTHER_COVER,
        _BUDGET,
        _NEED,
    ],
    RCA: [
        _choice(
            "veicolo_in_uso", "Il veicolo da assicurare è tuo o è nella tua disponibilità?",
            (YES, True), (NO, False),
        ),
        _choice(
            "obbligo_rca",
            "Ti serve la copertura obbligatoria della responsabilità civile per la circolazione "
            "del veicolo?",
            (YES, True), ("No, mi serve solo una garanzia accessoria", False),
        ),
        _choice(
            "uso_veicolo", "Come usi il veicolo?",
            ("Uso privato", True), ("Uso professionale, noleggio o trasporto di persone", False),
        ),
        _BUDGET,
        _NEED,
    ],
}  # fmt: skip
"""The questions a kind asks until the tenant writes its own (a ramo without its own asks
the general ones)."""


def built_in(kind: str) -> list[dict[str, Any]]:
    """A copy of ``kind``'s built-in questions (the general ones for a ramo with none)."""
    return [dict(q) for q in DEFAULTS.get(kind, DEFAULTS[GENERAL])]
