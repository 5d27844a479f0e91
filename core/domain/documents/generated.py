"""Files the app makes itself (a product line's pre-contract sheet, a summary) stored among a
quote's or a policy's documents, as an upload would be: listed, downloadable and live on the
``docs`` stream for whoever sees the record."""

from __future__ import annotations

from anyio import to_thread
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import new_id, utcnow
from core.domain.documents import files as f
from core.domain.documents.owners import add_to_allegati
from core.extensions import Host

OWNER_KINDS: dict[type[m.Quote] | type[m.Policy], str] = {
    m.Quote: "preventivo",
    m.Policy: "polizza",
}
MAX_GENERATED_BYTES = 5 * f.MB
"""A generated file larger than this is a bug, not a document: refused."""


async def attach_document(
    host: Host,
    session: AsyncSession,
    owner: m.Quote | m.Policy,
    doc_type: str,
    name: str,
    content: bytes,
    *,
    by: str | None = None,
) -> m.Document:
    """Store ``content`` as the file ``name`` among ``owner``'s documents of ``doc_type``, in
    the caller's transaction (the stored file stays if it rolls back, as an upload's would)."""
    if not content or len(content) > MAX_GENERATED_BYTES:
        raise ValueError(f"generated document of {len(content)} bytes")
    name = f.clean_name(name)
    storage = f.storage_of(host.settings)
    key = await to_thread.run_sync(storage.save, owner.tenant_id, name, content)
    document = m.Document(
        id=new_id(), owner_kind=OWNER_KINDS[type(owner)], owner_id=owner.id, doc_type=doc_type,
        name=name, uri=f.upload_uri(owner.tenant_id, key), storage_key=key,
        file_type=f.file_type(name, None), size=len(content), thumb=None, uploaded_by=by,
        at=utcnow(), instalment_number=None, roles=[],
    )  # fmt: skip
    session.add(document)
    owner.allegati = add_to_allegati(owner.allegati, doc_type, [document.id])
    return document
