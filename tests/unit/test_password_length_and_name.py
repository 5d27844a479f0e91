"""The new-password policy at its edges: ten characters exactly pass and nine do not, however
strong; the user's own name is refused in any case and place even when the e-mail does not
contain it. Passwords chosen by hand, each strong enough for zxcvbn on its own."""

from __future__ import annotations

import pytest

from core.auth.passwords import password_problem

TOO_SHORT = "La password deve avere almeno 10 caratteri"
PERSONAL = "La password non deve contenere il tuo nome o la tua email"
GIULIA = ("gv@demo.it", "Giulia Verdi")  # the name is not in the e-mail


@pytest.mark.parametrize("password", ["Kq7#vXz2P", "Qz8!mR3vT", "x" * 9, ""])
def test_nine_characters_are_too_short_however_strong(password: str) -> None:
    assert password_problem(password, GIULIA) == TOO_SHORT


@pytest.mark.parametrize("password", ["Kq7#vXz2Pw", "Qz8!mR3vTn"])
def test_ten_random_characters_pass(password: str) -> None:
    assert password_problem(password, GIULIA) is None


@pytest.mark.parametrize(
    "password",
    ["VerdiCielo#2025xx", "Lago#Verdi#Alto7", "cieloGIULIA#77Qz", "Mare!giuliaverdi9",
     "Xq9!verdi+T7Lm"],
)  # fmt: skip
def test_a_password_holding_the_name_is_refused_even_when_the_email_does_not(
    password: str,
) -> None:
    assert password_problem(password, GIULIA) == PERSONAL


def test_the_email_is_checked_too() -> None:
    assert password_problem("Lago#gvx#Alto7Qz", ("gvx@demo.it", "Anna Neri")) == PERSONAL


def test_a_name_part_under_three_letters_is_not_a_word_to_avoid() -> None:
    # 'Li' is too short to tell apart from any text; 'Ugo' is not
    assert password_problem("Lirica#Monte#77Qz", ("u.l@demo.it", "Ugo Li")) is None
    assert password_problem("Lirica#Ugo#77Qz", ("u.l@demo.it", "Ugo Li")) == PERSONAL
