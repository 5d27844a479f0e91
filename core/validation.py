"""Checking request bodies and call payloads: strictly, as the JSON they came as (no ``"1"``
or ``true`` for a number, no ``1`` for a boolean, no ``1.0`` for an integer), and pydantic's
problems told in Italian."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Annotated, Any, TypeVar

import msgspec
import pydantic
from pydantic import BeforeValidator
from pydantic_core import ErrorDetails

from core.errors import ClientError
from core.messages import INVALID_DATA

Body = TypeVar("Body", bound=pydantic.BaseModel)


def _a_real_boolean(value: object) -> bool:
    """Only true or false: a stray "no", "true" or 0 must never flip a switch."""
    if not isinstance(value, bool):
        raise ValueError("Input should be a valid boolean")
    return value


StrictBool = Annotated[bool, BeforeValidator(_a_real_boolean)]


def _a_flag(value: object) -> object:
    """A flag the wire writes as 0 or 1 as well as false or true (SPEC §7 ``keep``)."""
    if type(value) is int and value in (0, 1):
        return bool(value)
    return value


Flag = Annotated[bool, BeforeValidator(_a_flag)]
"""true or false, or 0 or 1; nothing else (not "1", not 2)."""


BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The marks and overrides that change the order a text is shown in, not what it says: in a
signed answer they could make the page or the PDF show other words than those stored."""


def plain_text(text: str) -> str:
    """``text`` as it reads: line ends unified; control characters (but tab and new line) and
    the bidirectional controls removed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(
        c for c in text
        if c in "\n\t" or (c not in BIDI_CONTROLS and not (ord(c) < 32 or 127 <= ord(c) < 160))
    )  # fmt: skip


def _plain(value: object) -> object:
    return plain_text(value) if isinstance(value, str) else value


PlainText = Annotated[str, BeforeValidator(_plain)]
"""A text shown to others or signed (:func:`plain_text`), cleaned before its length is checked."""


def _a_real_number(value: object) -> Decimal:
    """Only JSON numbers: "12" or true must not pass for an amount. The number as the JSON
    wrote it (``0.1`` is 0.1, not the float nearest to it), for the field's own bounds."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("Input should be a valid number")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("Input should be a valid number")
    return Decimal(value) if isinstance(value, int) else Decimal(repr(value))


NumberOnly = BeforeValidator(_a_real_number)
"""Put in ``Annotated[Decimal, NumberOnly, …]`` so that only JSON numbers are accepted."""


# pydantic's messages, in Italian; the first pattern that matches wins.
PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), italian)
    for pattern, italian in (
        (r"^Field required", "Campo obbligatorio"),
        (r"^Extra inputs are not permitted", "Campo non previsto"),
        (r"valid string", "Deve essere un testo"),
        (r"valid boolean", "Deve essere vero o falso"),
        (r"valid integer", "Deve essere un numero intero"),
        (r"valid number", "Deve essere un numero"),
        (r"valid dictionary|valid object|be an object", "Deve essere un oggetto"),
        (r"valid list|valid array", "Deve essere un elenco"),
        (r"at least (\d+) character", r"Deve avere almeno \1 caratteri"),
        (r"at most (\d+) character", r"Deve avere al massimo \1 caratteri"),
        (r"email", "Indirizzo email non valido"),
    )
)


def italian_problem(message: str) -> str:
    for pattern, italian in PROBLEMS:
        found = pattern.search(message)
        if found:
            return found.expand(italian)
    return "Valore non valido"


def _problem(error: ErrorDetails) -> str:
    """Our own (Italian) validator messages as they are; pydantic's translated."""
    own = str(error.get("ctx", {}).get("error", "")) if error["type"] == "value_error" else ""
    return own if own and not own.startswith("Input should") else italian_problem(error["msg"])


_encode = msgspec.json.Encoder().encode


def strict(model: type[Body], data: Any) -> Body:
    """Validate ``data`` (a decoded JSON payload) as ``model`` in pydantic's strict JSON mode:
    a text stays a text, a boolean a boolean, an integer an integer — ``{"n": true}`` or
    ``{"n": "1"}`` is no instalment 1 — while dates and amounts still come as JSON writes
    them. Raises :class:`pydantic.ValidationError`."""
    try:
        raw = _encode(data)
    except (TypeError, msgspec.EncodeError):  # not from JSON: Python's own strict rules
        return model.model_validate(data, strict=True)
    return model.model_validate_json(raw, strict=True)


def parse(model: type[Body], data: Any, invalid: str = INVALID_DATA) -> Body:
    """Validate ``data`` as ``model`` (:func:`strict`); a :class:`ClientError`
    ``"{invalid}: {problem} (field)"`` naming the first problem, with every problem in
    ``dettagli``."""
    try:
        return strict(model, data)
    except pydantic.ValidationError as exc:
        problems = [
            {"campo": ".".join(str(part) for part in error["loc"]), "problema": _problem(error)}
            for error in exc.errors()
        ]
        first = problems[0] if problems else {"campo": "", "problema": ""}
        where = f" ({first['campo']})" if first["campo"] else ""
        message = f"{invalid}: {first['problema']}{where}"
        raise ClientError(message, extra={"dettagli": problems}) from None
