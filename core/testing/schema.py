"""Whether a line's migrations build the tables its models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData
from sqlalchemy.engine import Connection

from core.db.engine import make_engine, owner_url
from core.settings import Settings


async def model_differences(settings: Settings, metadata: MetaData, *tables: str) -> list[object]:
    """What the migrated test database lacks or has beyond ``metadata`` for ``tables``
    (Alembic's autogenerate comparison; empty when the migrations match the models)."""

    def differences(conn: Connection) -> list[object]:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        found = compare_metadata(context, metadata)
        return [d for d in found if any(table in repr(d) for table in tables)]

    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(differences)
    finally:
        await engine.dispose()
