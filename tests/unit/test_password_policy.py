"""The policy for new passwords: ten characters, nothing personal, hard to guess (zxcvbn)."""

import pytest

from core.auth.passwords import password_problem

MARIO = ("mario.rossi@demo.it", "Mario Rossi")
PATTERN = "La password è troppo prevedibile: evita sequenze, ripetizioni e tasti vicini"


@pytest.mark.parametrize(
    ("password", "reason"),
    [("12345678", "La password deve avere almeno 10 caratteri"),
     ("password123", "La password è troppo comune: scegline una meno prevedibile"),
     ("qwertyuiop1", "La password è troppo comune: scegline una meno prevedibile"),
     ("abcdefghijk", PATTERN),
     ("mario.rossi2024", "La password non deve contenere il tuo nome o la tua email"),
     ("RossiSempre!99", "La password non deve contenere il tuo nome o la tua email")],
)  # fmt: skip
def test_weak_or_personal_passwords_are_refused_in_italian(password: str, reason: str) -> None:
    assert password_problem(password, MARIO) == reason


@pytest.mark.parametrize("password", ["Tramonto-sul-Vesuvio-42", "correct horse battery staple"])
def test_strong_passphrases_pass(password: str) -> None:
    assert password_problem(password, MARIO) is None


def test_the_demo_password_would_not_be_accepted_as_a_new_one() -> None:
    assert password_problem("demo1234") == "La password deve avere almeno 10 caratteri"
