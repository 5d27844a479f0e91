"""Backup and restore in-process, on the pass's database: the demo data and a stored document
backed up, restored into an empty database and store, and compared table by table and byte by
byte; a non-empty target, a corrupt or a foreign archive refused."""

from __future__ import annotations

import io
import json
import secrets
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

from core.backup import (
    MANIFEST,
    BackupError,
    backup,
    document_store,
    known_revisions,
    restore,
)
from core.db.base import Base
from core.db.engine import app_url, owner_url
from core.db.migrate import upgrade
from core.plugins import load_plugins
from core.runtime import Runtime
from core.settings import Settings
from core.storage import FileStorage
from tests.cli.processes import once
from tests.object_store import new_bucket, on_bucket


def _target_settings(settings: Settings, data_dir: Path, url: str) -> Settings:
    return settings.model_copy(
        update={
            "app": settings.app.model_copy(update={"data_dir": data_dir}),
            "db": settings.db.model_copy(update={"url": url}),
        }
    )


def _admin(url: URL) -> str:
    return url.set(drivername="postgresql", query={}).render_as_string(hide_password=False)


@pytest.fixture
def target(settings: Settings, tmp_path: Path) -> Iterator[Settings]:
    """An empty database and store: a SQLite file in a fresh folder, or a fresh PostgreSQL
    database (same schema name as the source, created by the restore), dropped after."""
    data_dir = tmp_path / "target"
    source = owner_url(settings)
    if source.get_backend_name() == "sqlite":
        yield _target_settings(settings, data_dir, f"sqlite+aiosqlite:///{data_dir / 'x.db'}")
        return
    import psycopg

    name = f"sportello_restore_{secrets.token_hex(4)}"
    with psycopg.connect(_admin(source), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        url = source.set(database=name).render_as_string(hide_password=False)
        yield _target_settings(settings, data_dir, url)
    finally:
        with psycopg.connect(_admin(source), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _sync_url(settings: Settings) -> URL:
    url = owner_url(settings)
    driver = "sqlite" if url.get_backend_name() == "sqlite" else "postgresql+psycopg"
    return url.set(drivername=driver)


def _rows(settings: Settings) -> dict[str, list[str]]:
    """Every table's rows as sorted text (every tenant's, read as the owner)."""
    engine = create_engine(_sync_url(settings))
    try:
        with engine.connect() as conn:
            return {
                table.name: sorted(
                    repr(tuple(row)) for row in conn.execute(text(f'SELECT * FROM "{table.name}"'))
                )
                for table in Base.metadata.sorted_tables
            }
    finally:
        engine.dispose()


def _files(settings: Settings) -> dict[str, bytes]:
    root = settings.app.data_dir / "files"
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


async def test_a_restore_into_an_empty_target_gives_back_every_tenant(
    settings: Settings, seeded: Runtime, target: Settings, tmp_path: Path
) -> None:
    FileStorage(settings.app.data_dir / "files").save("assicurapp", "polizza.pdf", b"%PDF-1.4 x")
    archive = tmp_path / "sportello.tar"
    manifest = backup(settings, archive)
    assert manifest.heads
    assert manifest.files == len(_files(settings))

    restored = restore(target, archive, known=known_revisions)

    assert restored == manifest
    assert _rows(target) == _rows(settings)
    await upgrade(target, load_plugins())  # the restored schema is current: nothing to do
    assert _rows(target) == _rows(settings)
    assert _users_per_tenant(target) == _users_per_tenant(settings)
    assert set(_users_per_tenant(target)) == {"rcadealer", "assicurapp", "assicurapp_dev"}
    assert _files(target) == _files(settings)
    assert (target.app.data_dir / "files" / "assicurapp").stat().st_mode & 0o777 == 0o700
    if owner_url(target).get_backend_name() == "postgresql":
        _app_role_sees_its_tenant_only(target)


def _stored(settings: Settings) -> dict[str, bytes]:
    """Every file of the settings' documents store (folder or bucket), read through it."""
    store = document_store(settings)
    found: dict[str, bytes] = {}
    for item in store.files():
        with store.open(item.tenant, item.key) as content:
            found[f"{item.tenant}/{item.key}"] = content.read()
    return found


@pytest.mark.parametrize("source_store", ["folder", "bucket"])
async def test_a_restore_into_a_bucket_gives_back_every_file(
    settings: Settings,
    seeded: Runtime,
    target: Settings,
    tmp_path: Path,
    s3_endpoint: str,
    source_store: str,
) -> None:
    source = settings
    if source_store == "bucket":
        source = on_bucket(settings, s3_endpoint, new_bucket(s3_endpoint))
    store = document_store(source)
    store.save("assicurapp", "polizza.pdf", b"%PDF-1.4 x")
    store.save("rcadealer", "grande.bin", bytes(range(256)) * (6 * 1024 * 4))  # 6 MB: in parts
    archive = tmp_path / "sportello.tar"
    manifest = backup(source, archive)
    assert manifest.files == len(_stored(source)) >= 2
    into_bucket = on_bucket(target, s3_endpoint, new_bucket(s3_endpoint), prefix="")

    assert restore(into_bucket, archive, known=known_revisions) == manifest

    assert _rows(into_bucket) == _rows(settings)
    assert _stored(into_bucket) == _stored(source)
    assert not (target.app.data_dir / "files").exists()  # nothing went to the folder
    with pytest.raises(BackupError, match="contiene già tabelle"):
        restore(into_bucket, archive)


@once
async def test_a_bucket_with_files_is_refused_even_with_an_empty_database(
    settings: Settings, seeded: Runtime, tmp_path: Path, s3_settings: Settings
) -> None:
    archive = tmp_path / "sportello.tar"
    backup(settings, archive)
    data_dir = tmp_path / "target"
    target = _target_settings(s3_settings, data_dir, f"sqlite+aiosqlite:///{data_dir / 'x.db'}")
    document_store(target).put("rcadealer", "mio.pdf", io.BytesIO(b"mio"))

    with pytest.raises(BackupError, match="archivio documenti di destinazione contiene già"):
        restore(target, archive)

    assert not (data_dir / "x.db").exists()
    assert _stored(target) == {"rcadealer/mio.pdf": b"mio"}
    with pytest.raises(ValueError, match="esiste già"):
        document_store(target).put("rcadealer", "mio.pdf", io.BytesIO(b"altro"))


def _users_per_tenant(settings: Settings) -> dict[str, int]:
    engine = create_engine(_sync_url(settings))
    try:
        with engine.connect() as conn:
            counts = conn.execute(text("SELECT tenant_id, count(*) FROM users GROUP BY tenant_id"))
            return {str(tenant): int(count) for tenant, count in counts}
    finally:
        engine.dispose()


def _app_role_sees_its_tenant_only(target: Settings) -> None:
    """After a PostgreSQL restore the app's role passes the start-up check and reads through
    the row-level security policies: its tenant's rows, none without a tenant."""
    from core.db.rls import check_app_role

    engine = create_engine(app_url(target).set(drivername="postgresql+psycopg"))
    try:
        with engine.begin() as conn:
            check_app_role(conn)
            assert conn.execute(text("SELECT count(*) FROM users")).scalar() == 0
            conn.execute(text("SELECT set_config('sportello.tenant_id', 'rcadealer', true)"))
            seen = conn.execute(text("SELECT count(*) FROM users")).scalar()
    finally:
        engine.dispose()
    assert seen == _users_per_tenant(target)["rcadealer"]


async def test_a_non_empty_target_is_refused_and_left_as_it_was(
    settings: Settings, seeded: Runtime, target: Settings, tmp_path: Path
) -> None:
    archive = tmp_path / "sportello.tar"
    backup(settings, archive)
    restore(target, archive)
    rows, files = _rows(target), _files(target)

    with pytest.raises(BackupError, match=r"contiene già tabelle.*--yes non cambia"):
        restore(target, archive)

    assert _rows(target) == rows
    assert _files(target) == files


@once
async def test_a_store_with_files_is_refused_even_with_an_empty_database(
    settings: Settings, seeded: Runtime, tmp_path: Path
) -> None:
    archive = tmp_path / "sportello.tar"
    backup(settings, archive)
    data_dir = tmp_path / "target"
    target = _target_settings(settings, data_dir, f"sqlite+aiosqlite:///{data_dir / 'x.db'}")
    document_store(target).put("rcadealer", "mio.pdf", io.BytesIO(b"mio"))

    with pytest.raises(BackupError, match="archivio documenti di destinazione contiene già"):
        restore(target, archive)

    assert not (data_dir / "x.db").exists()
    assert _files(target) == {"rcadealer/mio.pdf": b"mio"}


def _tar(path: Path, members: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w") as archive:
        for name, content in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(content)
            archive.addfile(info, io.BytesIO(content))
    return path


def _manifest(**changes: object) -> bytes:
    fields = {"format": 1, "database": "sqlite", "heads": [], "created_at": "x", "schema": None}
    return json.dumps({**fields, "files": 0, **changes}).encode()


@once
@pytest.mark.parametrize(
    ("members", "message"),
    [
        (None, "archivio illeggibile o danneggiato"),
        ({"notes.txt": b"ciao"}, "non è un backup di Sportello"),
        ({MANIFEST: b"{not json"}, "non è un backup di Sportello"),
        ({MANIFEST: _manifest(format=2)}, "formato 2: questa versione di Sportello legge solo"),
        ({MANIFEST: _manifest(database="postgresql")}, "contiene un database postgresql"),
        ({MANIFEST: _manifest()}, "archivio incompleto: manca database/sportello.db"),
        ({MANIFEST: _manifest(heads=["f0f0f0f0f0f0"])}, "versione di Sportello più recente"),
        ({MANIFEST: _manifest(), "files/t/../../x": b"x"}, "non è un documento"),
    ],
)
def test_a_corrupt_or_foreign_archive_is_refused(
    settings: Settings, tmp_path: Path, members: dict[str, bytes] | None, message: str
) -> None:
    path = tmp_path / "a.tar"
    if members is None:
        path.write_bytes(b"\x00garbage" * 200)
    else:
        _tar(path, members)
    data_dir = tmp_path / "target"
    target = _target_settings(settings, data_dir, f"sqlite+aiosqlite:///{data_dir / 'x.db'}")

    with pytest.raises(BackupError, match=message):
        restore(target, path, known=known_revisions)

    assert not (data_dir / "x.db").exists()


@once
def test_a_file_key_from_an_archive_cannot_leave_its_tenant_folder(tmp_path: Path) -> None:
    store = FileStorage(tmp_path / "files")
    for tenant, key in (("..", "x"), ("t", "../x"), ("t", ".."), ("t", "a/b"), ("", "x")):
        with pytest.raises(ValueError, match="nome di file non valido"):
            store.put(tenant, key, io.BytesIO(b"x"))
    assert store.is_empty()


@once
def test_the_postgresql_password_goes_in_the_environment_never_on_the_command_line() -> None:
    from core.backup.postgres import _libpq

    dsn, env = _libpq(
        make_url("postgresql+psycopg://owner:s3gr3ta@db/prod?options=-csearch_path%3Dx")
    )

    assert "s3gr3ta" not in dsn
    assert dsn == "host=db user=owner dbname=prod options=-csearch_path=x"
    assert env["PGPASSWORD"] == "s3gr3ta"


@once
def test_options_with_several_settings_reach_libpq_whole() -> None:
    """A URL's query writes the space between two settings as ``+`` or ``%20``; libpq reads
    a URI's ``+`` as itself, so the dump's schema was ``x+-csynchronous_commit=off``."""
    from psycopg.conninfo import conninfo_to_dict

    from core.backup.postgres import _libpq

    for written in ("%20", "+"):
        url = f"postgresql+psycopg://owner@db:5433/prod?options=-csearch_path%3Dx{written}-cstatement_timeout%3D5"
        dsn, _env = _libpq(make_url(url))
        assert conninfo_to_dict(dsn) == {
            "host": "db", "port": "5433", "user": "owner", "dbname": "prod",
            "options": "-csearch_path=x -cstatement_timeout=5",
        }  # fmt: skip
