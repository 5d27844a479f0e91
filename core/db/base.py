"""Declarative base and the mixins every model uses."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column

from core.db.types import UTCDateTime, new_id, utcnow

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The declarative base of every model, core's and the lines'."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: UTCDateTime()}


class TenantOwned:
    """A row that belongs to exactly one tenant: scoped on read, checked on write.

    ``__audited__ = True`` on a model records every change in the audit log.
    """

    __audited__: bool = False

    @declared_attr
    def tenant_id(cls) -> Mapped[str]:
        return mapped_column(String(64), index=True, nullable=False)


class InAgentTree:
    """A record of the agent tree (SPEC §3 ``aId``/``agId``) about a client; filtered by both."""

    @declared_attr
    def agent_id(cls) -> Mapped[str | None]:
        return mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)

    @declared_attr
    def parent_agent_id(cls) -> Mapped[str | None]:
        return mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)

    @declared_attr
    def client_id(cls) -> Mapped[str | None]:
        return mapped_column(ForeignKey("clients.id", ondelete="SET NULL"), index=True)


class HasId:
    """A 32-character random string primary key ``id``."""

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)


class Timestamped:
    """``created_at`` and ``updated_at``; ``updated_at`` is the sync watermark."""

    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow, index=True)


_owned_cache: tuple[int, frozenset[str]] = (-1, frozenset())


def tenant_owned_table_names() -> frozenset[str]:
    """The tenant-owned table names, recomputed when a plugin adds a model."""
    global _owned_cache
    count = len(Base.registry.mappers)
    if _owned_cache[0] != count:
        _owned_cache = (count, frozenset(tenant_owned_tables()))
    return _owned_cache[1]


def tenant_owned_tables() -> list[str]:
    """Names of the tables whose model carries ``tenant_id`` (RLS is enabled on each)."""
    return sorted(
        str(mapper.local_table.name)  # type: ignore[attr-defined]
        for mapper in Base.registry.mappers
        if issubclass(mapper.class_, TenantOwned)
    )
