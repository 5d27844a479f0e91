"""Searching the register: by plate prefix, by the prefix of any word of the owner's name,
by fiscal code prefix — through one narrow index, so a search among 100,000 plates stays
fast on SQLite and PostgreSQL alike.

Each active plate has search keys (:class:`~plugins.rca.models.PlateWord`): its plate, its
owner's fiscal code and each word of its owner's name, all upper case, letters and digits
only (``d'Amico`` → ``D``, ``AMICO``), each beside the plate and its agent tree. A query is
read twice: whole, as a plate or code (``ab 12`` → ``AB12``), and as words; a plate matches
when one of its keys starts with the whole query, or when each word of the query starts one
of its keys (``rossi mario``, ``ab123cd rossi``). Prefixes are ranges (``>= 'AB12' AND <
'AB13'``), which a B-tree answers whatever the collation: the keys hold only digits and
upper-case letters. The first plates by plate are taken from the keys alone; only those are
read from the register. A query of a single letter or digit looks up plates only, in plate
order: as a name's or code's prefix it would match a quarter of the keys.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import ColumnElement, Select, delete, false, insert, intersect, select, union
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from core.api import Principal, in_agent_tree
from core.api import permissions as perm
from plugins.rca.models import Plate, PlateWord

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The characters a search key holds, in their order on both databases."""
WORD_LENGTH = 40
MAX_WORDS = 8
"""Words kept of an owner's name, and read of a query."""
CHUNK = 500
"""Plates (or keys) written per statement."""
MIN_KEY = 2
"""A query of one letter or digit looks up plates only (one in four keys would match)."""
_NOT_KEY = re.compile(r"[^0-9A-Z]+")


def _folded(text: str) -> str:
    """Upper case, accents dropped (``Nicolò`` → ``NICOLO``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def search_key(text: str) -> str:
    """``text`` as a plate or code is compared: letters and digits only, upper case."""
    return _NOT_KEY.sub("", _folded(text))[:WORD_LENGTH]


def words_of(text: str) -> list[str]:
    """The distinct words of a name or query, in order (at most :data:`MAX_WORDS`)."""
    found: list[str] = []
    for word in _NOT_KEY.split(_folded(text)):
        if word and word[:WORD_LENGTH] not in found:
            found.append(word[:WORD_LENGTH])
    return found[:MAX_WORDS]


def after_prefix(prefix: str) -> str | None:
    """The first key that no longer starts with ``prefix`` (``AB9`` → ``ABA``, ``AZ`` →
    ``B``), or ``None`` when every later key starts with it (``ZZ``)."""
    stem = prefix
    while stem:
        position = ALPHABET.find(stem[-1])
        if 0 <= position < len(ALPHABET) - 1:
            return stem[:-1] + ALPHABET[position + 1]
        stem = stem[:-1]
    return None


def starts_with(column: InstrumentedAttribute[str], prefix: str) -> ColumnElement[bool]:
    """``column`` starts with ``prefix`` (a key of :data:`ALPHABET`), as an index range."""
    upper = after_prefix(prefix)
    lower = column >= prefix
    return lower if upper is None else lower & (column < upper)


def _hits(principal: Principal, prefix: str) -> Select[str, str]:
    """``(plate id, plate)`` of the plates in the user's view with a key starting so."""
    scope = in_agent_tree(principal, cast(Any, PlateWord))
    return select(PlateWord.plate_id, PlateWord.plate).where(
        starts_with(PlateWord.word, prefix), scope
    )


def first_matches(principal: Principal, query: str, limit: int) -> Select[Any] | None:
    """The ids of the first ``limit`` plates by plate that ``query`` finds in the user's
    view, or ``None`` when the query holds nothing to search."""
    key, words = search_key(query), words_of(query)
    if not key:
        return None
    if len(key) < MIN_KEY:
        plates = _first_of(starts_with(Plate.plate, key) & in_agent_tree(principal, Plate), limit)
        return select(plates.subquery().c.id)
    branches = [_hits(principal, key)]
    if words != [key]:
        each = [_hits(principal, word) for word in words]
        branches.append(each[0] if len(each) == 1 else select(intersect(*each).subquery()))
    found = (branches[0] if len(branches) == 1 else select(union(*branches).subquery())).subquery()
    first = select(found.c.plate_id, found.c.plate).distinct().order_by(found.c.plate)
    ranked = first.limit(limit).subquery()
    return select(ranked.c.plate_id)


def _first_of(condition: ColumnElement[bool], limit: int) -> Select[Any]:
    """``(id, plate)`` of the first ``limit`` active plates by plate meeting ``condition``."""
    first = select(Plate.id, Plate.plate).where(condition, Plate.active.is_(True))
    return select(first.order_by(Plate.plate).limit(limit).subquery())


def first_listed(principal: Principal, limit: int) -> Select[Any] | None:
    """The ids of the first ``limit`` plates by plate in an agent's or a referrer's view,
    read in plate order from each of their agents' own index range and merged (a small
    tree never scans the register's order); ``None`` for those who see every plate."""
    scope = perm.agent_scope(principal)
    if scope.all:
        return None
    ranges = [Plate.agent_id == agent for agent in sorted(scope.agent_ids)]
    if scope.parent_agent_id is not None:
        ranges.append(Plate.parent_agent_id == scope.parent_agent_id)
    if not ranges:
        return select(Plate.id).where(false())
    branches = [_first_of(condition, limit) for condition in ranges]
    found = (branches[0] if len(branches) == 1 else select(union(*branches).subquery())).subquery()
    ranked = select(found.c.id, found.c.plate).order_by(found.c.plate).limit(limit).subquery()
    return select(ranked.c.id)


def keys_of(plate: Plate) -> list[str]:
    """A plate's search keys: its plate, its owner's fiscal code, its owner's words."""
    keys = [plate.plate, search_key(plate.owner_code or "")]
    return list(dict.fromkeys(k for k in (*keys, *words_of(plate.owner_name or "")) if k))


def word_rows(plate: Plate) -> list[dict[str, Any]]:
    """The search keys of an active plate, as rows (none for a retired one)."""
    if not plate.active:
        return []
    return [
        {"plate_id": plate.id, "word": word, "plate": plate.plate, "agent_id": plate.agent_id,
         "parent_agent_id": plate.parent_agent_id}
        for word in keys_of(plate)
    ]  # fmt: skip


async def index_plates(session: AsyncSession, plates: Sequence[Plate]) -> None:
    """Write the search keys of these plates (flushed) again, as they stand now: one bulk
    statement per chunk, the keys being no records of their own (no audit, no event)."""
    ids = [plate.id for plate in plates]
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        await session.execute(delete(PlateWord).where(PlateWord.plate_id.in_(chunk)))
    rows = [row for plate in plates for row in word_rows(plate)]
    for start in range(0, len(rows), CHUNK):
        await session.execute(insert(PlateWord), rows[start : start + CHUNK])
