"""One principal per role, and the helpers that turn per-role tables into test parameters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.auth.principal import Principal

PRINCIPALS: dict[str, Principal] = {
    "admin": Principal("adm", "t1", {"admin": True}),
    "responsabile": Principal("resp", "t1", {"responsabile": True}),
    "e": Principal("emp", "t1", {"e": True}),
    "agent": Principal("ag1", "t1", {"a": {"type": "agente"}}, extra_products=("noleggio-auto",)),
    "sub_agent": Principal("sub1", "t1", {"a": {"type": "agente", "aId": "ag1"}}),
    "segnalatore": Principal("seg", "t1", {"segnalatore": True}, referred_user_ids=("ag2",)),
    "no_role": Principal("nobody", "t1", {}, extra_products=("noleggio-auto",)),
}
ROLES = tuple(PRINCIPALS)


def by_role(rows: list[tuple[str, Any]]) -> list[Any]:
    """One param per ``(role, expected)`` row, identified by the role."""
    return [pytest.param(role, expected, id=role) for role, expected in rows]


def role_rows(matrix: dict[Callable[..., Any], tuple[Any, ...]]) -> list[Any]:
    """Flatten ``{rule: (value per role in ROLES order)}`` into one param per role and rule."""
    return [
        pytest.param(role, rule, expected, id=f"{rule.__name__}-{role}")
        for rule, values in matrix.items()
        for role, expected in zip(ROLES, values, strict=True)
    ]
