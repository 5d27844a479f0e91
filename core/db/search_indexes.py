"""The PostgreSQL-only trigram indexes behind the search box (migrations ``core_0022`` and
``core_0025``) and the functions that read through them. The models do not declare the
indexes (SQLite has no such index), so comparing the models with the database leaves them out
by their name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import ARRAY, ColumnElement, Text, func, select, true
from sqlalchemy import cast as cast_
from sqlalchemy.dialects.postgresql import array as pg_array

SUFFIX = "_trgm"


def is_search_index(name: str | None, type_: str) -> bool:
    """Whether a compared object is one of those indexes (named ``…_trgm``)."""
    return type_ == "index" and bool(name) and str(name).endswith(SUFFIX)


def narrowed(
    dialect: str, model: Any, patterns: Sequence[str], *others: str
) -> ColumnElement[bool]:
    """On PostgreSQL, ``model``'s rows among those its ``search_<table>_ids`` function finds
    through the trigram indexes: every one of ``patterns`` (a word typed each) matching one of
    its columns; ``others``: the function's further arguments (the clients' plate pattern).
    Row-level security keeps the app's own ``LIKE`` off the indexes. Elsewhere every row. The
    caller keeps its own conditions: this only narrows what they are checked on."""
    if dialect != "postgresql":
        return true()
    words = cast_(pg_array(list(patterns), type_=Text), ARRAY(Text))
    found = getattr(func, f"search_{model.__tablename__}_ids")(words, *others).column_valued()
    return cast(ColumnElement[bool], model.id.in_(select(found)))
