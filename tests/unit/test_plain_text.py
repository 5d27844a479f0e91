"""A text shown to others or signed reads as it is stored: no control character but tab and
new line, no bidirectional control, the same text cleaned twice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.validation import BIDI_CONTROLS, plain_text


@given(st.text())
def test_nothing_that_hides_or_reorders_is_left(text: str) -> None:
    cleaned = plain_text(text)
    assert not set(cleaned) & BIDI_CONTROLS
    assert all(c in "\n\t" or not (ord(c) < 32 or 127 <= ord(c) < 160) for c in cleaned)
    assert plain_text(cleaned) == cleaned


def test_words_accents_and_lines_are_kept() -> None:
    assert plain_text("Perché\r\nl'auto\rè\tmia") == "Perché\nl'auto\nè\tmia"
    assert plain_text("\u202eabc\u202c \u2067x\u2069\x00\x7f\x85") == "abc x"
