"""The tenant's dunning plan (``/impostazioni``): the days, counted from an instalment's due
date, on which its reminder goes out (negative: before it), and who gets it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

OFFSETS_SETTING, EMAIL_SETTING, PUSH_SETTING = "solleciti", "sollecitiEmail", "sollecitiPush"
DEFAULT_OFFSETS = (-7, 0, 7, 14)
MAX_OFFSETS = 8
EARLIEST, LATEST = -60, 180
"""Two months before the due date; six months after it, when the company may terminate the
contract (art. 1901 c. 3 c.c.): a reminder later than that has no purpose."""


@dataclass(frozen=True, slots=True)
class Plan:
    offsets: tuple[int, ...]
    """Ascending, unique, within :data:`EARLIEST` .. :data:`LATEST`."""
    email: bool
    push: bool


def plan_of(data: Mapping[str, Any]) -> Plan:
    """The plan in the tenant's settings data; the defaults for what is missing or unreadable
    (the settings screen only saves what :mod:`core.domain.settings.rules` accepts)."""
    raw = data.get(OFFSETS_SETTING)
    offsets = DEFAULT_OFFSETS
    if isinstance(raw, list) and all(type(o) is int and EARLIEST <= o <= LATEST for o in raw):
        offsets = tuple(sorted(set(raw)))[:MAX_OFFSETS]
    return Plan(
        offsets,
        email=data.get(EMAIL_SETTING) is not False,
        push=data.get(PUSH_SETTING) is not False,
    )
