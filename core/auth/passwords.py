"""Password hashing with argon2."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from core.settings import get_settings


@lru_cache(maxsize=1)
def _hasher() -> PasswordHasher:
    auth = get_settings().auth
    return PasswordHasher(time_cost=auth.password_time_cost, memory_cost=auth.password_memory_kib)


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    """Verified when the email is unknown, so both paths cost the same time."""
    return _hasher().hash("sportello-dummy-password")


MIN_LENGTH = 10
MIN_SCORE = 3
"""zxcvbn's score (0–4) a new password needs: 3 is 'safely unguessable' online."""
TOO_SHORT = f"La password deve avere almeno {MIN_LENGTH} caratteri"
PERSONAL = "La password non deve contenere il tuo nome o la tua email"
COMMON = "La password è troppo comune: scegline una meno prevedibile"
PATTERN = "La password è troppo prevedibile: evita sequenze, ripetizioni e tasti vicini"
DATES = "La password è troppo prevedibile: evita date e anni"
WEAK = "La password è troppo debole: aggiungi altre parole poco comuni"


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher().verify(password_hash or _dummy_hash(), password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher().check_needs_rehash(password_hash)


def _personal_words(user_inputs: Iterable[str]) -> list[str]:
    words: list[str] = []
    for given in user_inputs:
        text = (given or "").strip().lower()
        words += [text, text.split("@")[0]]
        words += re.split(r"[\s._@+-]+", text)
    return [w for w in dict.fromkeys(words) if len(w) >= 3]


def password_problem(password: str, user_inputs: Iterable[str] = ()) -> str | None:
    """Why a new password is refused, in Italian, or ``None``.

    At least ten characters, none of the user's own name or e-mail in it, and a zxcvbn
    score of at least 3 (its estimate of how many guesses an attacker needs).
    """
    if len(password) < MIN_LENGTH:
        return TOO_SHORT
    personal = _personal_words(user_inputs)
    if any(word in password.lower() for word in personal):
        return PERSONAL
    from zxcvbn import zxcvbn  # its word lists are read on the first check, not at start

    verdict = zxcvbn(password[:100], user_inputs=personal)
    if verdict["score"] >= MIN_SCORE:
        return None
    # zxcvbn's warnings: 'a very common password', 'similar to a commonly used password',
    # 'common names and surnames'; 'sequences like abc', 'repeats like aaa', 'short keyboard
    # patterns', 'straight rows of keys'; 'dates are often…', 'recent years…'
    warning = str(verdict["feedback"]["warning"]).lower()
    if "common" in warning:
        return COMMON
    if any(word in warning for word in ("sequence", "repeat", "keyboard", "row")):
        return PATTERN
    if "date" in warning or "year" in warning:
        return DATES
    return WEAK
