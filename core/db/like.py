"""``LIKE`` patterns from what a user typed: its ``%``, ``_`` and ``\\`` matched as themselves
(the query passes ``escape="\\"``)."""

from __future__ import annotations

import re

ESCAPE = "\\"
_SPECIALS = re.compile(r"([\\%_])")


def escape_like(text: str) -> str:
    """``text`` with the ``LIKE`` wildcards and the escape character escaped."""
    return _SPECIALS.sub(r"\\\1", text)


def contains(text: str) -> str:
    """A lower-case pattern for ``lower(column) LIKE …``: the column contains ``text``."""
    return f"%{escape_like(text.lower())}%"
