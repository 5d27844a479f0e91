"""The PostgreSQL-only trigram indexes behind the search box (migration ``core_0022``) and the
functions that read through them. The models do not declare the indexes (SQLite has no such
index), so comparing the models with the database leaves them out by their name."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import ColumnElement, func, select, true

SUFFIX = "_trgm"


def is_search_index(name: str | None, type_: str) -> bool:
    """Whether a compared object is one of those indexes (named ``…_trgm``)."""
    return type_ == "index" and bool(name) and str(name).endswith(SUFFIX)


def narrowed(dialect: str, model: Any, *patterns: str) -> ColumnElement[bool]:
    """On PostgreSQL, ``model``'s rows among those its ``search_<table>_ids`` function finds
    for ``patterns`` through the trigram indexes (row-level security keeps the app's own
    ``LIKE`` off them); elsewhere every row. The caller keeps its own conditions: this only
    narrows what they are checked on."""
    if dialect != "postgresql":
        return true()
    found = getattr(func, f"search_{model.__tablename__}_ids")(*patterns).column_valued()
    return cast(ColumnElement[bool], model.id.in_(select(found)))
