"""``LIKE`` patterns from what a user typed: its ``%``, ``_`` and ``\\`` matched as themselves
(the query passes ``escape="\\"``)."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import ColumnElement, ColumnExpressionArgument, and_, func, or_

ESCAPE = "\\"
_SPECIALS = re.compile(r"([\\%_])")


def escape_like(text: str) -> str:
    """``text`` with the ``LIKE`` wildcards and the escape character escaped."""
    return _SPECIALS.sub(r"\\\1", text)


def contains(text: str) -> str:
    """A lower-case pattern for ``lower(column) LIKE …``: the column contains ``text``."""
    return f"%{escape_like(text.lower())}%"


MAX_WORDS = 8
"""Words a search matches one by one; the ones after these are left out (a longer text is
pasted, not typed, and each word costs a condition)."""


def words(text: str) -> list[str]:
    """What was typed, split on blanks: ``'Rossi  Mario'`` → ``['Rossi', 'Mario']``; at most
    :data:`MAX_WORDS`."""
    return text.split()[:MAX_WORDS]


def word_patterns(text: str) -> list[str]:
    """A :func:`contains` pattern for each word of ``text`` (the search indexes' narrowing)."""
    return [contains(word) for word in words(text) or [text]]


def every_word(text: str, *columns: ColumnExpressionArgument[Any]) -> ColumnElement[bool]:
    """Each word of ``text`` in one of ``columns`` (lower-cased), in any order: a full name
    finds a record whose first and last names are kept apart, or in the other order."""
    return and_(
        *(
            or_(*(func.lower(column).like(contains(word), escape=ESCAPE) for column in columns))
            for word in words(text) or [text]
        )
    )
