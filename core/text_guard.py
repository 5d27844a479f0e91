"""Text no database should be asked to store: NUL characters and lone surrogates.

PostgreSQL refuses both (in ``text`` and in ``jsonb``), so a value carrying them must be
turned away where it enters (an HTTP body, a query string, a socket frame) with a message
that names the problem, never reach a write and come back as a 500. A number JSON can write
but no float holds (``1e309``) is refused the same way. :func:`decode_json` is the one check
an HTTP body and a socket frame both pass, so both answer with the same words.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec

from core.messages import INVALID_JSON

NUL = "Richiesta non valida: il testo contiene un carattere nullo"
SURROGATE = "Richiesta non valida: il testo contiene un carattere Unicode non valido"
NOT_UTF8 = "Richiesta non valida: il testo non è UTF-8 valido"
TOO_DEEP = "Richiesta non valida: troppi livelli annidati"
OUT_OF_RANGE = "Richiesta non valida: numero fuori dall'intervallo ammesso"
MAX_DEPTH = 64

_decoder = msgspec.json.Decoder()


class BadJson(ValueError):
    """JSON that cannot be taken: its message (Italian) says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def decode_json(text: str | bytes) -> Any:
    """``text`` decoded, or :class:`BadJson` naming the problem: not JSON, too deep, a number
    out of range, a NUL or a lone surrogate in any string."""
    try:
        value = _decoder.decode(text)
    except msgspec.DecodeError:
        raise BadJson(unstorable_json(text) or INVALID_JSON) from None
    except RecursionError:
        raise BadJson(TOO_DEEP) from None
    problem = value_problem(value)
    if problem is not None:
        raise BadJson(problem)
    return value


def string_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or ``None``."""
    if "\x00" in text:
        return NUL
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return SURROGATE
    return None


def value_problem(value: Any) -> str | None:
    """The first problem in any string (keys included) of a decoded JSON value."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return TOO_DEEP
        if isinstance(item, str):
            problem = string_problem(item)
            if problem:
                return problem
        elif isinstance(item, float) and not math.isfinite(item):
            return OUT_OF_RANGE
        elif isinstance(item, dict):
            for key, inner in item.items():
                stack.append((key, depth + 1))
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
    return None


def unstorable_json(text: str | bytes) -> str | None:
    """For JSON a strict parser refused: the problem when it is only unstorable text (a
    lone surrogate escape) or a number out of range (both of which the standard parser
    reads), else ``None``."""
    try:
        return value_problem(json.loads(text))
    except (ValueError, RecursionError):
        return None
