"""Alembic environment: runs on the connection :mod:`core.db.migrate` hands over."""

from __future__ import annotations

from typing import Any, Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import JSON

from core.db.base import Base
from core.db.search_indexes import is_search_index
from core.db.types import UTCDateTime

connection = context.config.attributes["connection"]
tables: set[str] | None = context.config.attributes.get("tables")


def include_object(obj: object, name: str | None, type_: str, *_: object) -> bool:
    """When generating one branch's revision, only that branch's tables count; the search
    box's trigram indexes are the migrations' alone (:mod:`core.db.search_indexes`)."""
    if is_search_index(name, type_):
        return False
    if tables is None:
        return True
    table = getattr(obj, "table", obj) if type_ != "table" else obj
    return getattr(table, "name", name) in tables


def render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    """Render the app's column types as plain SQLAlchemy ones: migrations stand alone."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    if type_ == "type" and isinstance(obj, JSON):
        return 'sa.JSON().with_variant(postgresql.JSONB(), "postgresql")'
    return False


context.configure(
    include_object=include_object,
    render_item=render_item,
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
    process_revision_directives=context.config.attributes.get("process_revision_directives"),
)
with context.begin_transaction():
    context.run_migrations()
