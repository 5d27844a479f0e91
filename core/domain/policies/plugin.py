"""Policies, registered through the same hooks plugins use: the ``polizze`` stream, its
menu entry and its models."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.quotes.plugin import works_records
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.serialize import policy_payload
from core.extensions import MenuEntry, Publication
from core.hookspecs import hookimpl
from core.sync_loaders import rows_loader

POLICIES = Publication(
    "polizze", works_records, perm.record_visible, m.Policy, "p", policy_payload,
    sync=rows_loader(m.Policy, policy_payload, lambda who: in_agent_tree(who, m.Policy)),
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [POLICIES]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Policy, m.Instalment]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            "polizze", "/polizze", "menu:polizze", "shield-check", 40, perm.sees_work,
            chip="polizze",
        )
    ]  # fmt: skip
