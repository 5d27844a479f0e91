"""The company's documents of a product — DIP, DIP aggiuntivo, conditions of insurance (IVASS
Reg. 41/2018, artt. 9-10; Reg. 40/2018, art. 56 c. 1: given with the pre-contract set) —
uploaded by admins and responsabili as PDFs within the tenant's upload limit, one current file
per kind. Replacing one keeps the old row and file: a set already made names them."""

from __future__ import annotations

import hashlib
from typing import IO, Any

from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.params import FromPath
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import get_for_update
from core.domain.documents import files as f
from core.domain.documents.uploads import form_files, refuse_announced
from core.domain.precontract.kinds import PRODUCT_KINDS, TITLES
from core.domain.settings.branding import max_upload_mb
from core.errors import ClientError, NotFound, TooLarge
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.http.stored_files import stored_file_response
from core.lines import stored_settings
from core.messages import PRODUCT_NOT_FOUND

NOT_PDF = "Il documento del prodotto deve essere un PDF"
BAD_KIND = "Tipo di documento non valido: scegli tra DIP, DIP aggiuntivo e condizioni"
ONE_FILE = "Carica un solo file per volta"
EMPTY = "File vuoto"
GONE = "Documento non trovato"
PDF_MAGIC = b"%PDF-"
CHUNK = 1024 * 1024


def document_payload(row: m.ProductDocument) -> dict[str, Any]:
    """A document as listed and streamed (``pId``: its product; ``at``: when it was uploaded,
    the newest of a kind being the current one)."""
    return {"_id": row.id, "pId": row.product_id, "kind": row.kind,
            "title": TITLES.get(row.kind, row.kind), "name": row.name, "sha256": row.sha256,
            "size": row.size, "at": row.created_at.isoformat()}  # fmt: skip


async def _product(session: AsyncSession, principal: Principal, product_id: str) -> m.Product:
    product = await session.get(m.Product, product_id) if len(product_id) <= 32 else None
    if product is None or (not product.active and not perm.sees_products(principal)):
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def _pdf_digest(source: IO[bytes]) -> str | None:
    """The file's SHA-256 read in chunks (never whole in memory), or ``None`` when it does not
    start as a PDF; the file is left at its start."""
    source.seek(0)
    if source.read(len(PDF_MAGIC)) != PDF_MAGIC:
        return None
    source.seek(0)
    digest = hashlib.sha256()
    for chunk in iter(lambda: source.read(CHUNK), b""):
        digest.update(chunk)
    source.seek(0)
    return digest.hexdigest()


@get("/api/products/{product_id:str}/documents", summary="A product's current documents",
     tags=["products"])  # fmt: skip
async def product_documents_list(
    product_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> list[dict[str, Any]]:
    require(perm.sees_work, principal)
    await _product(db_session, principal, product_id)
    stmt = select(m.ProductDocument).where(
        m.ProductDocument.product_id == product_id, m.ProductDocument.current.is_(True)
    )
    return [document_payload(row) for row in (await db_session.execute(stmt)).scalars()]


@post("/api/products/{product_id:str}/documents", tags=["products"], status_code=200,
      summary="Upload a product's DIP, DIP aggiuntivo or conditions (multipart: kind, file)",
      request_max_body_size=f.MB * 500 + f.MB)  # fmt: skip
async def product_document_upload(
    request: Request[Any, Any, Any], product_id: FromPath[str], principal: PrincipalDep,
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    require(perm.sees_products, principal)
    limit_mb = max_upload_mb(tenant, await stored_settings(db_session))
    refuse_announced(request, limit_mb, 1)
    await _product(db_session, principal, product_id)
    form = await request.form()
    kind = form.get("kind")
    if not isinstance(kind, str) or kind not in PRODUCT_KINDS:
        raise ClientError(BAD_KIND)
    uploads = form_files(form)
    if len(uploads) != 1:
        raise ClientError(ONE_FILE)
    upload = uploads[0]
    name = f.clean_name(upload.filename)
    size = f.size_of(upload.file)
    if size > limit_mb * f.MB:
        raise TooLarge(f.too_big(limit_mb, name))
    if size == 0:
        raise ClientError(EMPTY)
    digest = await to_thread.run_sync(_pdf_digest, upload.file)
    if digest is None or not name.lower().endswith(".pdf"):
        raise ClientError(NOT_PDF)
    await get_for_update(db_session, m.Product, product_id)  # one upload a product at a time
    storage = f.storage_of(runtime.settings)
    key = await to_thread.run_sync(storage.save_stream, tenant.id, name, upload.file)
    await db_session.execute(
        update(m.ProductDocument)
        .where(m.ProductDocument.product_id == product_id, m.ProductDocument.kind == kind)
        .values(current=False)
    )
    row = m.ProductDocument(
        product_id=product_id, kind=kind, name=name, storage_key=key, sha256=digest,
        size=size, current=True, uploaded_by=principal.id,
    )  # fmt: skip
    db_session.add(row)
    await db_session.flush()
    return document_payload(row)


@get("/api/products/{product_id:str}/documents/{document_id:str}",
     summary="A product document's file", tags=["products"])  # fmt: skip
async def product_document_file(
    request: Request[Any, Any, Any], product_id: FromPath[str], document_id: FromPath[str],
    principal: PrincipalDep, runtime: RuntimeDep, db_session: SessionDep,
) -> Response[Any]:  # fmt: skip
    require(perm.sees_work, principal)
    await _product(db_session, principal, product_id)
    row = await db_session.get(m.ProductDocument, document_id) if len(document_id) <= 32 else None
    if row is None or row.product_id != product_id:
        raise NotFound(GONE)
    return await stored_file_response(
        request, f.storage_of(runtime.settings), row.tenant_id, row.storage_key,
        filename=row.name, media_type="application/pdf", disposition="attachment",
        headers={"X-Content-Type-Options": "nosniff"}, missing=GONE,
    )  # fmt: skip
