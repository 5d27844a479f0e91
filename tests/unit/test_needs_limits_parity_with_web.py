"""The questionnaire editor and the answers' form check what the server checks: the limits the
web writes down (``web/src/features/needs/questionnaire.ts``, ``answers.ts``) are the server's
(:mod:`core.domain.needs.questions`), so a draft the editor passes is never refused for them."""

from __future__ import annotations

import re
from pathlib import Path

from core.domain.needs.questions import (
    MAX_OPTIONS,
    MAX_QUESTIONS,
    MAX_TEXT_ANSWER,
    MIN_OPTIONS,
    Option,
    Question,
)

WEB = Path(__file__).resolve().parents[2] / "web/src/features/needs"


def _web_limits() -> dict[str, int]:
    source = (WEB / "questionnaire.ts").read_text("utf-8")
    found = re.search(r"export const LIMITS = \{([^}]*)\}", source)
    assert found, "LIMITS not found in questionnaire.ts"
    return {key: int(value) for key, value in re.findall(r"(\w+): (\d+)", found.group(1))}


def _max_length(model: type[Question] | type[Option], field: str) -> int:
    metadata = model.model_fields[field].metadata
    return next(int(m.max_length) for m in metadata if getattr(m, "max_length", None))


def test_the_editors_limits_are_the_servers() -> None:
    assert _web_limits() == {
        "questions": MAX_QUESTIONS,
        "text": _max_length(Question, "text"),
        "label": _max_length(Option, "label"),
        "minOptions": MIN_OPTIONS,
        "maxOptions": MAX_OPTIONS,
    }


def test_the_id_pattern_and_the_answers_length_are_the_servers() -> None:
    questionnaire = (WEB / "questionnaire.ts").read_text("utf-8")
    answers = (WEB / "answers.ts").read_text("utf-8")
    server_pattern = Question.model_fields["id"].metadata
    pattern = next(m.pattern for m in server_pattern if getattr(m, "pattern", None))
    assert f"export const ID_PATTERN = /{pattern}/;" in questionnaire
    assert f"export const MAX_ANSWER_TEXT = {MAX_TEXT_ANSWER};" in answers
