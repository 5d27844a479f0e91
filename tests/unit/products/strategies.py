"""Hypothesis strategies for well-formed Codici Fiscali and Partite IVA."""

from __future__ import annotations

from hypothesis import strategies as st

from core.domain.products.fields.fiscal import (
    MONTH_LETTERS,
    OMOCODIA_LETTERS,
    OMOCODIA_POSITIONS,
    cf_check_char,
    piva_check_digit,
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALNUM = LETTERS + "0123456789"


@st.composite
def codici_fiscali(draw: st.DrawFn) -> str:
    """A valid, non-omocode Codice Fiscale with its check letter computed."""
    names = draw(st.text(LETTERS, min_size=6, max_size=6))
    year = draw(st.integers(0, 99))
    month = draw(st.sampled_from(MONTH_LETTERS))
    day = draw(st.integers(1, 28)) + draw(st.sampled_from([0, 40]))
    place = draw(st.sampled_from(LETTERS)) + f"{draw(st.integers(0, 999)):03d}"
    first15 = f"{names}{year:02d}{month}{day:02d}{place}"
    return first15 + cf_check_char(first15)


def omocode(cf: str, positions: list[int]) -> str:
    """``cf`` with the digits at ``positions`` replaced by omocodia letters, check recomputed."""
    chars = list(cf[:15])
    for i in positions:
        chars[i] = OMOCODIA_LETTERS[int(chars[i])]
    first15 = "".join(chars)
    return first15 + cf_check_char(first15)


omocodia_positions = st.lists(st.sampled_from(OMOCODIA_POSITIONS), min_size=1, unique=True)


@st.composite
def partite_iva(draw: st.DrawFn) -> str:
    """A valid Partita IVA (eleven digits, Luhn check digit), never all zeros."""
    first10 = draw(st.text("0123456789", min_size=10, max_size=10).filter(lambda s: s != "0" * 10))
    return first10 + str(piva_check_digit(first10))
