"""The export as the customer receives it: one ZIP with ``dati.json`` (the export's JSON) and
the files of the documents it lists (``documenti/<kind>-<record>/<id>-<name>``).

The files together are at most :data:`MAX_FILES_BYTES`: documents are taken newest first, and
one that would pass the limit, or whose file is missing from the store, is left out and named
in ``dati.json`` (its ``omitted`` reason, and a note) — the rest of the export still arrives,
and the office downloads a left-out file from the client page. The ZIP is written to a
spooled temporary file (memory up to :data:`SPOOL_BYTES`, then disk), never held whole."""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import AsyncIterator
from tempfile import SpooledTemporaryFile
from typing import IO, Any

from anyio import to_thread

from core.domain.documents import files as f
from core.domain.privacy.export import Export
from core.storage import CHUNK, DocumentStore

MB = 1024 * 1024
MAX_FILES_BYTES = 200 * MB
"""The most file bytes one export carries (documented in ``docs/rules/privacy.md``)."""
SPOOL_BYTES = 8 * MB
DATA_NAME = "dati.json"
TOO_BIG = "Non incluso: supera il limite di {mb} MB dei file di un'esportazione"
MISSING = "Non incluso: il file non si trova nell'archivio dei documenti"
OMITTED_NOTE = (
    "{count} file non sono inclusi (vedi 'omitted' nell'elenco dei documenti): si scaricano "
    "dalla scheda del cliente."
)


def entry_name(document: dict[str, Any]) -> str:
    """Where a document's file sits in the ZIP: one folder per record, the id keeping names
    apart (the name has no folders: :func:`core.domain.documents.files.clean_name`)."""
    owner = document.get("owner") or {}
    name = f.clean_name(str(document.get("name") or ""))
    return f"documenti/{owner.get('kind')}-{owner.get('id')}/{document['_id']}-{name}"


def write_archive(
    store: DocumentStore, tenant: str, export: Export, out: IO[bytes], limit: int
) -> dict[str, Any]:
    """Write the ZIP to ``out``; the ``dati.json`` written (each document with its ``file``
    or the reason it was ``omitted``). Blocking: run it in a worker thread."""
    data = dict(export.data)
    listed: list[dict[str, Any]] = []
    total = omitted = 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for payload, document in zip(data["documents"], export.documents, strict=True):
            entry = dict(payload)
            key = f.key_of(tenant, document.uri)
            size = store.size(tenant, key) if key else None
            if key is None or size is None:
                entry["omitted"] = MISSING
            elif total + size > limit:
                entry["omitted"] = TOO_BIG.format(mb=limit // MB)
            else:
                try:
                    with store.open(tenant, key) as source:
                        target = archive.open(entry_name(entry), "w", force_zip64=True)
                        with target:
                            shutil.copyfileobj(source, target, CHUNK)
                except FileNotFoundError:  # gone between the size and the read
                    entry["omitted"] = MISSING
                else:
                    entry["file"] = entry_name(entry)
                    total += size
            omitted += "omitted" in entry
            listed.append(entry)
        data["documents"] = listed
        if omitted:
            data["notes"] = [*data.get("notes", []), OMITTED_NOTE.format(count=omitted)]
        text = json.dumps(data, ensure_ascii=False, indent=2, default=str)
        archive.writestr(DATA_NAME, text.encode())
    return data


async def build(store: DocumentStore, tenant: str, export: Export) -> IO[bytes]:
    """The ZIP in a spooled temporary file, at its start (the caller closes it)."""
    out: IO[bytes] = SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 (streamed)
    try:
        await to_thread.run_sync(write_archive, store, tenant, export, out, MAX_FILES_BYTES)
    except BaseException:
        out.close()
        raise
    out.seek(0)
    return out


async def chunks(out: IO[bytes]) -> AsyncIterator[bytes]:
    """``out`` in chunks, closed at the end (or when the client goes away)."""
    try:
        while chunk := await to_thread.run_sync(out.read, CHUNK):
            yield chunk
    finally:
        out.close()
