"""Column types shared by every model, portable between SQLite and PostgreSQL."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator

JSONType = JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware datetimes stored as UTC; SQLite gets them back aware too."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: use an aware one (UTC)")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment: datetime = value
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)


def utcnow() -> datetime:
    """Now, timezone-aware in UTC (what every stored moment is)."""

    return datetime.now(UTC)


_counter = int.from_bytes(os.urandom(3), "big")
_machine = os.urandom(5).hex()


def new_id() -> str:
    """A 24-hex-digit, time-ordered identifier (the shape of the spec's ``_id``)."""
    global _counter
    _counter = (_counter + 1) % 0xFFFFFF
    return f"{int(time.time()):08x}{_machine}{_counter:06x}"
