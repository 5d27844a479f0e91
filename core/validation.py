"""Field types for request bodies that must not be coerced (Litestar validates leniently)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator


def _a_real_boolean(value: object) -> bool:
    """Only true or false: a stray "no", "true" or 0 must never flip a switch."""
    if not isinstance(value, bool):
        raise ValueError("Input should be a valid boolean")
    return value


StrictBool = Annotated[bool, BeforeValidator(_a_real_boolean)]
