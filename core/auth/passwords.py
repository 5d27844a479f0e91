"""Password hashing with argon2."""

from __future__ import annotations

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


MIN_LENGTH = 8


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher().verify(password_hash or _dummy_hash(), password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher().check_needs_rehash(password_hash)


def password_problem(password: str) -> str | None:
    """Why a new password is refused, or ``None``."""
    if len(password) < MIN_LENGTH:
        return f"La password deve avere almeno {MIN_LENGTH} caratteri"
    return None
