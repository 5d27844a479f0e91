"""The portfolio import (``core.domain.portfolio``): the sources a broker imports from with
their saved column mapping, the keys each source gave the records it imported (what makes a
second run of the same file change nothing), and the import jobs with their progress."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType


class ImportSource(Base, HasId, TenantOwned, Timestamped):
    """A source of portfolio files ("Portale Compagnia X") and its column mapping:
    ``{field: header}``, reused at the next upload from it."""

    __tablename__ = "import_sources"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(100))
    mapping: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)


class ImportKey(Base, HasId, TenantOwned):
    """One record a source imported, by the source's own key: ``kind`` is ``client`` or
    ``policy``, ``key`` the source's code for it, ``digest`` what the row said last time."""

    __tablename__ = "import_keys"
    __table_args__ = (
        Index("ux_import_keys_source_kind_key", "tenant_id", "source_id", "kind", "key",
              unique=True),
    )  # fmt: skip

    source_id: Mapped[str] = mapped_column(ForeignKey("import_sources.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    key: Mapped[str] = mapped_column(String(120))
    record_id: Mapped[str] = mapped_column(String(32))
    digest: Mapped[str] = mapped_column(String(64))


class ImportJob(Base, HasId, TenantOwned, Timestamped):
    """One import (or dry run) running in the server: its state and progress, readable by
    any worker; ``updated_at`` is its heartbeat (a job that stops beating was interrupted)."""

    __tablename__ = "import_jobs"

    source_id: Mapped[str | None] = mapped_column(
        ForeignKey("import_sources.id", ondelete="SET NULL")
    )
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    file_name: Mapped[str] = mapped_column(String(200), default="")
    dry_run: Mapped[bool] = mapped_column(default=True)
    status: Mapped[str] = mapped_column(String(12), default="in_coda")
    """``in_coda``, ``in_corso``, ``completato`` or ``fallito``."""
    total: Mapped[int] = mapped_column(Integer, default=0)
    done: Mapped[int] = mapped_column(Integer, default=0)
    counts: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    errors: Mapped[list[Any]] = mapped_column(JSONType, default=list)
    """The bad rows: ``[row, column, value, reason]`` each (at most ``MAX_ERRORS``)."""
    message: Mapped[str | None] = mapped_column(String(500))
    finished_at: Mapped[datetime | None] = mapped_column()
