"""Backups: one tar archive with the database and the documents store, and its restore.

The archive holds ``manifest.json`` (format, database kind, migration heads, time), the
database (``database/sportello.db``: SQLite's online backup; ``database/sportello.dump``:
``pg_dump --format=custom``) and every stored file under ``files/<tenant>/<key>``. A restore
goes only into an empty database and an empty store.
"""

from __future__ import annotations

import io
import json
import os
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from core.backup import postgres, sqlite
from core.backup.errors import BackupError
from core.db.engine import owner_url
from core.settings import Settings
from core.storage import DocumentStore, configured_store, private_folder, valid_name

FORMAT = 1
MANIFEST = "manifest.json"
SQLITE_MEMBER = "database/sportello.db"
PG_MEMBER = "database/sportello.dump"
FILES = "files/"

Step = Callable[[str, int | None], Callable[[int], None]]
"""``step(label, total)`` starts a step of the progress bar; the function it gives advances
it by that many units (bytes for the documents)."""


def _no_progress(_label: str, _total: int | None) -> Callable[[int], None]:
    return lambda _n: None


@dataclass(frozen=True)
class Manifest:
    format: int
    database: str
    heads: list[str]
    created_at: str
    schema: str | None
    files: int

    def to_json(self) -> bytes:
        return json.dumps(self.__dict__, indent=2).encode()


def document_store(settings: Settings) -> DocumentStore:
    """The documents store the app writes to (``STORAGE_URL``: the files folder under
    DATA_DIR, or the bucket)."""
    return configured_store(settings)


def _add_bytes(archive: tarfile.TarFile, name: str, content: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(content)
    info.mtime = int(datetime.now(UTC).timestamp())
    info.mode = 0o600
    archive.addfile(info, io.BytesIO(content))


def _private(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mode = 0o600
    return info


def default_path(settings: Settings) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return settings.app.data_dir / "backups" / f"sportello-{stamp}.tar"


def backup(settings: Settings, target: Path, step: Step = _no_progress) -> Manifest:
    """Write the archive to ``target`` (created private, never overwritten)."""
    url = owner_url(settings)
    kind = url.get_backend_name()
    store = document_store(settings)
    private_folder(target.parent)
    if target.exists():
        raise BackupError(f"il file {target} esiste già: scegli un altro nome")
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        schema: str | None = None
        advance = step("Database", 1)
        if kind == "sqlite":
            database = Path(work) / "sportello.db"
            heads = sqlite.backup(sqlite.database_path(url), database)
            member = SQLITE_MEMBER
        elif kind == "postgresql":
            schema = postgres.schema_of(url)
            database = Path(work) / "sportello.dump"
            heads = postgres.heads(url, schema)
            postgres.dump(url, schema, database)
            member = PG_MEMBER
        else:
            raise BackupError(f"database non supportato: {kind}")
        advance(1)
        stored = list(store.files())
        manifest = Manifest(
            format=FORMAT,
            database=kind,
            heads=heads,
            created_at=datetime.now(UTC).isoformat(timespec="seconds"),
            schema=schema,
            files=len(stored),
        )
        partial = Path(work) / "archive.tar"
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as raw, tarfile.open(fileobj=raw, mode="w") as archive:
            _add_bytes(archive, MANIFEST, manifest.to_json())
            archive.add(database, arcname=member, filter=_private)
            advance = step("Documenti", sum(f.size for f in stored))
            for item in stored:
                info = tarfile.TarInfo(f"{FILES}{item.tenant}/{item.key}")
                info.size, info.mode = item.size, 0o600
                info.mtime = int(datetime.now(UTC).timestamp())
                with store.open(item.tenant, item.key) as content:
                    archive.addfile(info, content)
                advance(item.size)
        os.replace(partial, target)
    return manifest


@contextmanager
def _open_archive(path: Path) -> Iterator[tarfile.TarFile]:
    if not path.is_file():
        raise BackupError(f"archivio non trovato: {path}")
    try:
        with tarfile.open(path, mode="r:") as archive:
            yield archive
    except (tarfile.TarError, EOFError) as exc:
        raise BackupError(f"archivio illeggibile o danneggiato: {path} ({exc})") from exc


def read_manifest(archive: tarfile.TarFile) -> Manifest:
    try:
        member = archive.extractfile(MANIFEST)
        assert member is not None
        data = json.loads(member.read())
        manifest = Manifest(**data)
    except (KeyError, AssertionError, ValueError, TypeError) as exc:
        raise BackupError("non è un backup di Sportello: manca un manifest valido") from exc
    if manifest.format != FORMAT:
        raise BackupError(
            f"archivio nel formato {manifest.format}: "
            f"questa versione di Sportello legge solo il formato {FORMAT}"
        )
    return manifest


def known_revisions() -> frozenset[str]:
    """Every migration revision this installation has (core's and its plugins')."""
    from alembic.script import ScriptDirectory

    from core.db.migrate import alembic_config
    from core.plugins import load_plugins

    script = ScriptDirectory.from_config(alembic_config(load_plugins()))
    return frozenset(revision.revision for revision in script.walk_revisions())


Known = Callable[[], frozenset[str]]


def _check(archive: tarfile.TarFile, manifest: Manifest, known: Known | None) -> None:
    """Refuse, before anything is written, an archive this installation cannot take whole."""
    unknown = sorted(set(manifest.heads) - known()) if known is not None else []
    if unknown:
        raise BackupError(
            f"l'archivio viene da una versione di Sportello più recente (migrazioni sconosciute: "
            f"{', '.join(unknown)}): aggiorna Sportello prima di ripristinarlo"
        )
    for member in archive.getmembers():
        if member.name.startswith(FILES):
            tenant, _, key = member.name.removeprefix(FILES).partition("/")
            if not member.isfile() or not (valid_name(tenant) and valid_name(key)):
                raise BackupError(f"archivio non valido: {member.name} non è un documento")


def restore(
    settings: Settings,
    source: Path,
    step: Step = _no_progress,
    known: Known | None = None,
) -> Manifest:
    """Restore the archive into an empty database and an empty store (else :class:`BackupError`,
    nothing changed); with ``known`` (:func:`known_revisions`, asked once the target is found
    empty: it loads every migration), an archive whose migrations are not all among them is
    refused too."""
    url = owner_url(settings)
    kind = url.get_backend_name()
    store = document_store(settings)
    with _open_archive(source) as archive:
        manifest = read_manifest(archive)
        if manifest.database != kind:
            raise BackupError(
                f"l'archivio contiene un database {manifest.database}, la destinazione è {kind}: "
                "ripristina su un database dello stesso tipo"
            )
        if kind == "sqlite":
            empty = sqlite.is_empty(sqlite.database_path(url))
        else:
            schema = postgres.schema_of(url)
            if schema != (manifest.schema or "public"):
                raise BackupError(
                    f"l'archivio viene dallo schema {manifest.schema}, la destinazione usa lo "
                    f"schema {schema}: imposta lo stesso search_path in DATABASE_URL"
                )
            empty = postgres.is_empty(url, schema)
        if not empty:
            raise BackupError(
                "il database di destinazione contiene già tabelle: il ripristino va solo in un "
                "database vuoto (--yes non cambia questa regola)"
            )
        if not store.is_empty():
            raise BackupError(
                "l'archivio documenti di destinazione contiene già file: il ripristino va solo "
                "in un archivio vuoto (--yes non cambia questa regola)"
            )
        _check(archive, manifest, known)
        members = archive.getmembers()
        names = {m.name for m in members}
        member = SQLITE_MEMBER if kind == "sqlite" else PG_MEMBER
        if member not in names:
            raise BackupError(f"archivio incompleto: manca {member}")
        advance = step("Database", 1)
        content = archive.extractfile(member)
        assert content is not None
        if kind == "sqlite":
            sqlite.restore(content, sqlite.database_path(url))
        else:
            with tempfile.TemporaryDirectory() as work:
                dump = Path(work) / "sportello.dump"
                with dump.open("wb") as copy:
                    while chunk := content.read(1024 * 1024):
                        copy.write(chunk)
                postgres.restore(url, manifest.schema or "public", dump, settings)
        advance(1)
        files = [m for m in members if m.name.startswith(FILES) and m.isfile()]
        advance = step("Documenti", sum(m.size for m in files))
        for item in files:
            tenant, _, key = item.name.removeprefix(FILES).partition("/")
            data = archive.extractfile(item)
            assert data is not None
            store.put(tenant, key, data)
            advance(item.size)
    return manifest


__all__ = [
    "FORMAT",
    "MANIFEST",
    "BackupError",
    "Manifest",
    "Step",
    "backup",
    "known_revisions",
    "restore",
]
