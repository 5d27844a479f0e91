"""Engines and sessions: the app's (tenant-scoped, row-level secured) and the owner's."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

import core.db.audit
import core.db.credentials
import core.db.references  # noqa: F401  (registers the reference check)
from core.db.changes import Change, take_changes
from core.db.tenancy import TenantSession
from core.db.tombstones import SYNCED_KEY
from core.settings import Settings
from core.storage import private_folder


def owner_url(settings: Settings) -> URL:
    """The URL migrations run with (the schema owner)."""
    return make_url(settings.database_url)


def app_url(settings: Settings) -> URL:
    """The URL the app runs with: on PostgreSQL the role that cannot bypass RLS."""
    url = owner_url(settings)
    if url.get_backend_name() != "postgresql":
        return url
    # ``URL.set`` ignores a ``None``: it would keep the owner's password for the app role
    return URL.create(
        url.drivername, username=settings.db.app_role,
        password=settings.db.app_password or None, host=url.host, port=url.port,
        database=url.database, query=url.query,
    )  # fmt: skip


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # transactions begin in _begin_immediate
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def make_engine(url: URL, settings: Settings) -> AsyncEngine:
    kwargs: dict[str, Any] = {"echo": settings.db.echo}
    if url.get_backend_name() == "sqlite":
        database = url.database or ""
        if database and database != ":memory:":
            _private_sqlite_file(Path(database))
    else:
        kwargs |= {"pool_size": settings.db.pool_size, "pool_pre_ping": True}
    engine = create_async_engine(url, **kwargs)
    if url.get_backend_name() == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        event.listen(engine.sync_engine, "begin", _begin_immediate)
    return engine


def _private_sqlite_file(path: Path) -> None:
    """The database file (and so its -wal and -shm, which SQLite creates alike) is readable
    by this user only, in a folder only this user can enter.

    An existing file is never opened here: closing any descriptor of a file drops every
    POSIX lock this process holds on it, so SQLite's connections in this process would lose
    their locks without knowing, and another process could write under them.
    """
    private_folder(path.parent)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    path.chmod(0o600)


READ_ONLY = "sportello_read_only"
SQLITE_BUSY_TIMEOUT_MS = 30_000
"""How long an SQLite writer waits for the lock before giving up (then: :func:`is_busy`)."""


RETRYABLE_SQLSTATES = frozenset({"40P01", "40001"})
"""PostgreSQL's deadlock detected and serialization failure: two requests that locked the
same rows in opposite order, one of them chosen to give way (nothing was written)."""


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is load, not a bug, and the request may simply be sent again: SQLite
    still locked after the busy timeout, or a PostgreSQL transaction chosen to give way to a
    concurrent one (:data:`RETRYABLE_SQLSTATES`)."""
    if not isinstance(exc, DBAPIError):
        return False
    if getattr(exc.orig, "sqlstate", None) in RETRYABLE_SQLSTATES:
        return True
    return isinstance(exc, OperationalError) and "database is locked" in str(exc)


def _begin_immediate(conn: Any) -> None:
    """Take SQLite's write lock when a transaction starts, so concurrent writers wait
    (``busy_timeout``) instead of failing with 'database is locked' when a read
    transaction tries to become a write one; a read-only session begins deferred."""
    read_only = conn.get_execution_options().get(READ_ONLY, False)
    conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


CommitHook = Callable[[list[Change]], Awaitable[None]]
PreCommitHook = Callable[[AsyncSession], Awaitable[None]]


class Database:
    """The app's engine and session factory (one per process).

    ``engine``, when given, is lent: the caller keeps it (the test kit's, one per worker
    and event loop) and :meth:`dispose` leaves it open; otherwise it is made here and owned.
    """

    def __init__(self, settings: Settings, engine: AsyncEngine | None = None) -> None:
        self.settings = settings
        self.on_commit: list[CommitHook] = []
        self.before_commit: list[PreCommitHook] = []
        """Steps that complete a transaction before it commits, in it (kept figures)."""
        self.synced: dict[type, str] = {}
        """Models whose deletions leave tombstones (see :mod:`core.db.tombstones`)."""
        self.url = app_url(settings)
        self.owns_engine = engine is None
        self.engine = engine if engine is not None else make_engine(self.url, settings)
        self.sessionmaker = async_sessionmaker(
            self.engine,
            expire_on_commit=False,
            sync_session_class=TenantSession,
            info={SYNCED_KEY: self.synced},
        )

    @property
    def dialect(self) -> str:
        return self.url.get_backend_name()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session committed on success and rolled back on error.

        Before the commit the ``before_commit`` steps complete it, in the same transaction;
        after it, the ``on_commit`` hooks hear what changed (realtime events).
        """
        async with self.sessionmaker() as session:
            try:
                yield session
                for step in self.before_commit:
                    await step(session)
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
            changes = take_changes(session.sync_session)
            if changes:
                for hook in self.on_commit:
                    await hook(changes)  # hooks log their own failures: the commit stands

    @asynccontextmanager
    async def read_session(self) -> AsyncIterator[AsyncSession]:
        """A session for reading only (a sync's long read): on SQLite it does not take the
        write lock, so writers go on meanwhile; it is rolled back, never committed."""
        async with self.sessionmaker() as session:
            await session.connection(execution_options={READ_ONLY: True})
            try:
                yield session
            finally:
                await session.rollback()

    async def dispose(self) -> None:
        if self.owns_engine:
            await self.engine.dispose()
