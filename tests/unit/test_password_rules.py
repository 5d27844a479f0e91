"""Passwords: argon2 hashes with the configured costs, checked without telling an unknown
account apart; the new-password rules word by word (length, the user's own words, and why
zxcvbn finds it guessable, in Italian)."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher

from core.auth.passwords import hash_password, needs_rehash, password_problem, verify_password

TOO_SHORT = "La password deve avere almeno 10 caratteri"
PERSONAL = "La password non deve contenere il tuo nome o la tua email"
COMMON = "La password è troppo comune: scegline una meno prevedibile"
PATTERN = "La password è troppo prevedibile: evita sequenze, ripetizioni e tasti vicini"
DATES = "La password è troppo prevedibile: evita date e anni"
WEAK = "La password è troppo debole: aggiungi altre parole poco comuni"


def test_a_hash_checks_its_password_and_no_other() -> None:
    stored = hash_password("Tramonto-sul-Vesuvio-42")
    assert stored.startswith("$argon2id$")
    assert stored != hash_password("Tramonto-sul-Vesuvio-42")  # salted
    assert verify_password(stored, "Tramonto-sul-Vesuvio-42") is True
    assert verify_password(stored, "Tramonto-sul-Vesuvio-43") is False
    assert verify_password(stored, "") is False


def test_hashes_use_the_configured_costs() -> None:
    # the test settings: PASSWORD_TIME_COST=1, PASSWORD_MEMORY_KIB=8192
    assert ",m=8192,t=1," in f",{hash_password('x').split('$')[3]},"
    assert needs_rehash(hash_password("Tramonto-sul-Vesuvio-42")) is False
    older = PasswordHasher(time_cost=2, memory_cost=8192).hash("Tramonto-sul-Vesuvio-42")
    assert needs_rehash(older) is True
    assert verify_password(older, "Tramonto-sul-Vesuvio-42") is True


@pytest.mark.parametrize("password", ["sportello-dummy-password", "", "qualunque"])
def test_an_account_without_a_hash_accepts_no_password(password: str) -> None:
    assert verify_password(None, password) is False
    assert verify_password("", password) is False


def test_a_damaged_hash_accepts_no_password() -> None:
    assert verify_password("$argon2id$v=19$rotto", "qualunque") is False
    assert verify_password("non-un-hash", "non-un-hash") is False


@pytest.mark.parametrize(
    ("password", "reason"),
    [("Vq7#kLp2!", TOO_SHORT),  # nine characters
     ("Vq7#kLp2!x", None),  # ten
     ("1qaz2wsx3edc", COMMON),  # 'a very common password'
     ("P@ssw0rd12", COMMON),  # 'similar to a commonly used password'
     ("Giuseppe1988", COMMON),  # 'common names and surnames'
     ("zxcvbnm,./", PATTERN),  # 'straight rows of keys'
     ("cvbnhgfdsx", PATTERN),  # 'short keyboard patterns'
     ("aaaaaaaaaaaa", PATTERN),  # 'repeats like "aaa"'
     ("bananabanana", PATTERN),  # 'repeats like "abcabcabc"'
     ("abcdefghijk", PATTERN),  # 'sequences like abc'
     ("10/05/1987!", DATES),  # 'dates are often easy to guess'
     ("correcthors", WEAK)],  # score 2 with no warning
)  # fmt: skip
def test_why_a_new_password_is_refused(password: str, reason: str | None) -> None:
    assert password_problem(password) == reason


@pytest.mark.parametrize(
    ("password", "inputs"),
    [("Lavoro-Tranquillo-77", ("mario+lavoro@studio.it", "")),  # a part after '+'
     ("Studio.Notturno.77", ("mario@studio.it",)),  # the address's domain
     ("Notte-Annamaria-77", ("x@y.it", "Annamaria")),  # the whole name
     ("Notte-di-Maria-77", ("x@y.it", "Anna-Maria Neri")),  # a part of the name
     ("Notte_Ponti_Sul_77", ("g.ponti@y.it",)),  # a part before the '@'
     ("Notte x@y.it 77", ("x@y.it",)),  # the whole address
     ("NotteNERIsul77", ("x@y.it", "Anna Neri"))],  # any case
)  # fmt: skip
def test_the_users_own_words_are_refused(password: str, inputs: tuple[str, ...]) -> None:
    assert password_problem(password, inputs) == PERSONAL


def test_words_under_three_letters_and_empty_inputs_are_not_personal() -> None:
    assert password_problem("Vq7#kLp2!x-al-bo", ("al@bo.it", "Al Bo", "")) is None
    assert password_problem("Vq7#kLp2!x-xxxx", ("x@y.it", None)) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("password", "inputs"),
    [("Notte-Ugo-Sul-77", ("x@y.it", "Ugo")),  # three letters are enough
     ("Notte-a.b-Sul-77", ("a.b@x.it",))],  # the part before the '@' as a whole
)  # fmt: skip
def test_short_personal_words_count(password: str, inputs: tuple[str, ...]) -> None:
    assert password_problem(password, ("", *inputs)) == PERSONAL
    assert password_problem(password) is None


def test_the_users_words_count_in_the_guess_estimate() -> None:
    # the name in l33t is not the name itself, yet zxcvbn, told the name, guesses it
    assert password_problem("Tr4nqu1ll4N0tt3") is None
    assert password_problem("Tr4nqu1ll4N0tt3", ("x@y.it", "Tranquilla Notte")) == WEAK
