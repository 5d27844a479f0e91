"""Checking the answers against the questions asked and reading what they say about the
product: each choice marked not ``coerente`` is a mismatch the office and the customer see."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from core.domain.needs.questionnaires import Questionnaire
from core.domain.needs.questions import MAX_QUESTIONS, MAX_TEXT_ANSWER
from core.errors import ClientError, Conflict
from core.validation import PlainText

QUESTIONNAIRE_CHANGED = "Il questionario è cambiato: ricarica la pagina"
UNKNOWN_QUESTION = "Risposta a una domanda che il questionario non contiene: {id}"
TWICE = "Due risposte alla stessa domanda: {id}"
MISSING = "Rispondi alla domanda: «{text}»"
BAD_OPTION = "Scegli una delle risposte proposte alla domanda «{text}»"
TEXT_EXPECTED = "La domanda «{text}» chiede una risposta scritta"


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    id: str = Field(max_length=40)
    option: StrictInt | None = Field(default=None, ge=0, le=100)
    text: PlainText | None = Field(default=None, max_length=MAX_TEXT_ANSWER)


class AnswersBody(BaseModel):
    """The answers to one version of one questionnaire (as the page showed it: versions are
    counted per kind, so the kind names which)."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(max_length=32)
    version: StrictInt = Field(ge=0, le=1_000_000)
    answers: list[Answer] = Field(max_length=MAX_QUESTIONS)


def checked(asked: Questionnaire, body: AnswersBody) -> list[dict[str, Any]]:
    """The answers as kept, ``[{id, question, answer, coerente}]`` in the questions' order;
    a 409 when the page showed another version, a 400 naming the first problem."""
    if (body.kind, body.version) != (asked.kind, asked.version):
        raise Conflict(QUESTIONNAIRE_CHANGED)
    given: dict[str, Answer] = {}
    questions = {q["id"]: q for q in asked.questions}
    for answer in body.answers:
        if answer.id not in questions:
            raise ClientError(UNKNOWN_QUESTION.format(id=answer.id))
        if answer.id in given:
            raise ClientError(TWICE.format(id=answer.id))
        given[answer.id] = answer
    kept = []
    for question in asked.questions:
        entry = _one(question, given.get(question["id"]))
        if entry is not None:
            kept.append(entry)
    return kept


def _one(question: dict[str, Any], answer: Answer | None) -> dict[str, Any] | None:
    text = str(question["text"])
    if question["type"] == "scelta":
        if answer is not None and answer.text:
            raise ClientError(BAD_OPTION.format(text=text))
        if answer is None or answer.option is None:
            if question.get("required", True):
                raise ClientError(MISSING.format(text=text))
            return None
        options = question.get("options") or []
        if not answer.option < len(options):
            raise ClientError(BAD_OPTION.format(text=text))
        option = options[answer.option]
        return {"id": question["id"], "question": text, "answer": option["label"],
                "coerente": bool(option.get("coerente", True))}  # fmt: skip
    if answer is not None and answer.option is not None:
        raise ClientError(TEXT_EXPECTED.format(text=text))
    written = (answer.text or "") if answer else ""
    if not written:
        if question.get("required", True):
            raise ClientError(MISSING.format(text=text))
        return None
    return {"id": question["id"], "question": text, "answer": written, "coerente": True}


def mismatches(answers: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The answers the product does not fit, as ``{question, answer}``."""
    return [{"question": a["question"], "answer": a["answer"]} for a in answers
            if not a.get("coerente", True)]  # fmt: skip
