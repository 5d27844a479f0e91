"""``POST /uploadDocs`` and the download links (SPEC §7 'HTTP'), checked against tenant and role.

Upload: multipart with the token in the ``token`` header (or any other way the app accepts),
one of ``preventivoId`` / ``polizzaId`` / ``usrId`` / ``areaId`` / ``chatId``, ``idToUpload``
(the ``allegati`` key) and ``file.0`` … ``file.n``. Quote and policy documents need canEdit; an
avatar (``usrId``) only one's own; a chat room's files whoever may write in the room. A file
over the tenant's limit refuses the whole upload with 413 and the message of SPEC §5, storing
nothing. The answer lists per file the document payload, or ``{name, err}``.
The record's ``allegati[idToUpload].files`` gets the new document ids (so the quote change is
published), an avatar becomes the user's ``photo``, and the ``docs`` channel publishes the rows.

Download: ``GET /download/{tenant}/{key}?n={name}`` (attachment) or the ``/upload/…`` uri itself
(inline for images and PDF), for users who may read the document; anything else is 404.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Annotated, Any, Protocol

from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.datastructures import UploadFile
from litestar.params import FromPath, Parameter
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import get_for_update, serialize
from core.db.types import new_id, utcnow
from core.domain.chats.access import visible_chat
from core.domain.documents import files as f
from core.domain.documents.access import visible_documents
from core.domain.documents.area import folder_roles
from core.domain.documents.images import Thumbnailer, check_avatar
from core.domain.documents.owners import FIELDS, add_to_allegati, editable_record, owner_of
from core.domain.documents.serialize import document_payload
from core.domain.settings.branding import max_upload_mb
from core.errors import ClientError, Forbidden, NotFound, TooLarge
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep, UserDep
from core.http.stored_files import stored_file_response
from core.lines import stored_settings
from core.messages import CLAIM_NOT_FOUND, POLICY_NOT_FOUND, QUOTE_NOT_FOUND, USER_NOT_FOUND
from core.settings import Settings, UploadSettings
from core.storage import DocumentStore, StorageUnavailable
from core.text_guard import string_problem
from tenants.config import Tenant

MAX_FILES = 20
GONE_OWNER = {m.Quote: QUOTE_NOT_FOUND, m.Policy: POLICY_NOT_FOUND, m.Claim: CLAIM_NOT_FOUND}
FORM_OVERHEAD = f.MB
HARD_CAP = 2 * 1024 * f.MB
"""Route body cap; the tenant's own limit is applied per file, and per request below."""
NO_FILES = "Nessun file ricevuto"
TOO_MANY = f"Puoi caricare al massimo {MAX_FILES} file per volta"
NO_TYPE = "Indica il tipo di documento (idToUpload)"
BAD_INSTALMENT = "Numero di rata non valido (nRata)"
OWN_AVATAR = "Puoi cambiare solo la tua foto"  # others' need canEdit
ONE_AVATAR = "Carica una sola immagine per la foto"
EMPTY = "File vuoto"
DOC_NOT_FOUND = "Documento non trovato"
USER_QUOTA = "Spazio esaurito: i tuoi documenti hanno raggiunto il limite di {mb} mega"
TENANT_QUOTA = "Spazio esaurito: i documenti dello studio hanno raggiunto il limite di {mb} mega"
SECURE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
    "Cache-Control": "private, max-age=300",
}


def _size(upload: UploadFile) -> int:
    return f.size_of(upload.file)


def form_files(form: Any) -> list[UploadFile]:
    """The form's files ``file.0``, ``file.1``, … (or ``file[0]``…), in their order."""

    def index(key: str) -> tuple[int, str]:
        tail = key.removeprefix("file").lstrip(".[").rstrip("]")
        return (int(tail), key) if tail.isdigit() else (1 << 30, key)

    found = [(index(k), v) for k, v in form.multi_items() if k.startswith("file")]
    return [v for _, v in sorted(found, key=lambda item: item[0]) if isinstance(v, UploadFile)]


def refuse_announced(request: Request[Any, Any, Any], limit_mb: int, files: int) -> None:
    """413 before the body is read when its announced length exceeds ``files`` files at the
    tenant's limit and the form's overhead."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit_mb * f.MB * files + FORM_OVERHEAD:
        raise TooLarge(f.too_big(limit_mb, "la richiesta"))


def _text(form: Any, name: str) -> str | None:
    value = form.get(name)
    if not isinstance(value, str):
        return None
    problem = string_problem(value)
    if problem is not None:
        raise ClientError(problem)
    return value.strip() or None


async def _store(
    storage: DocumentStore, tenant: Tenant, upload: UploadFile, name: str, thumbs: Thumbnailer
) -> tuple[str, str | None, int, str]:
    """Save the file (and a thumbnail of an image): (key, thumb key, size, type)."""
    kind = f.file_type(name, upload.content_type)
    key = await to_thread.run_sync(storage.save_stream, tenant.id, name, upload.file)
    thumb_key = None
    if kind in f.THUMB_SOURCES:
        small = await thumbs.make(upload.file)
        if small is not None:
            thumb_key = await to_thread.run_sync(storage.save, tenant.id, "thumb.jpg", small)
    return key, thumb_key, _size(upload), kind


async def check_quota(
    session: AsyncSession, limits: UploadSettings, principal: Principal | None, adding: int
) -> None:
    """Refuse an upload that would take the user or the tenant past its storage quota (a
    customer's upload through a link, with no user, counts against the tenant's only)."""
    used_by_tenant = select(func.coalesce(func.sum(m.Document.size), 0))
    checks = [(used_by_tenant, limits.tenant_quota_mb, TENANT_QUOTA)]
    if principal is not None:
        used_by_user = select(func.coalesce(func.sum(m.Document.size), 0)).where(
            m.Document.uploaded_by == principal.id
        )
        checks.insert(0, (used_by_user, limits.user_quota_mb, USER_QUOTA))
    for used, quota_mb, message in checks:
        total = int((await session.execute(used)).scalar_one()) + adding
        if total > quota_mb * f.MB:
            raise TooLarge(message.format(mb=quota_mb))


async def _claim(
    session: AsyncSession,
    limits: UploadSettings,
    principal: Principal | None,
    owner: Owner,
    documents: list[m.Document],
) -> Owner:
    """With the files stored, check the quota again where no other upload of the tenant can
    count at the same time (it waits for this transaction), and lock the quote or policy
    whose ``allegati`` list the new files: the earlier check's transaction has ended, and
    uploads running together would otherwise all fit the space one of them had, or write
    back each their own list. The owner as now stored."""
    await serialize(session, f"uploads:{owner_tenant(owner, principal)}")
    await check_quota(session, limits, principal, sum(d.size for d in documents))
    if isinstance(owner, m.Quote | m.Policy | m.Claim) and documents:
        locked = await get_for_update(session, type(owner), owner.id)
        if locked is None:  # deleted while the files were written
            raise NotFound(GONE_OWNER[type(owner)])
        return locked
    return owner


@dataclass(frozen=True, slots=True)
class AreaFolder:
    """A folder of the document area as an upload's target."""

    id: str
    roles: list[str]


async def _avatar_owner(
    session: AsyncSession, principal: Principal, user: m.User, owner_id: str
) -> m.User:
    """One's own photo; another user's only with canEdit (SPEC §6) and when visible."""
    if owner_id == principal.id:
        return user
    if not perm.can_edit(principal):
        raise Forbidden(OWN_AVATAR)
    other = await session.get(m.User, owner_id)
    if other is None or not perm.user_visible(principal, {"_id": other.id, "role": other.role}):
        raise NotFound(USER_NOT_FOUND)
    return other


Owner = m.Quote | m.Policy | m.Claim | m.User | AreaFolder | m.Chat


async def _target(
    session: AsyncSession, principal: Principal, user: m.User, form: Any, count: int
) -> tuple[str, Owner, str]:
    """The record the files go to and their ``allegati`` key, after the role checks. A chat
    room takes files from whoever may write in it; they join a message when it is sent."""
    kind, owner_id = owner_of({k: _text(form, k) for k in FIELDS})
    if kind == "chat":
        return kind, await visible_chat(session, principal, owner_id), kind
    if kind == "utente":
        if count != 1:
            raise ClientError(ONE_AVATAR)
        return kind, await _avatar_owner(session, principal, user, owner_id), "avatar"
    if kind == "area":
        return kind, AreaFolder(owner_id, await folder_roles(session, principal, owner_id)), kind
    record = await editable_record(session, principal, kind, owner_id)
    doc_type = _text(form, "idToUpload")
    if doc_type is None or len(doc_type) > 100:
        raise ClientError(NO_TYPE)
    return kind, record, doc_type


def _instalment(form: Any, owner: Owner) -> int | None:
    """The policy instalment (``nRata``) the files belong to, if the form names one."""
    text = _text(form, "nRata")
    if text is None:
        return None
    numbers = [r.number for r in owner.instalments] if isinstance(owner, m.Policy) else []
    if not text.isdigit() or int(text) not in numbers:
        raise ClientError(BAD_INSTALMENT)
    return int(text)


@post(
    "/uploadDocs",
    summary="Upload documents of a quote or policy, or one's avatar (multipart)",
    tags=["documents"],
    status_code=200,
    request_max_body_size=HARD_CAP,
)
async def upload_docs(
    request: Request,  # type: ignore[type-arg]
    principal: PrincipalDep,
    current_user: UserDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> list[dict[str, Any]]:
    limit_mb = max_upload_mb(tenant, await stored_settings(db_session))
    limit = limit_mb * f.MB
    refuse_announced(request, limit_mb, MAX_FILES)
    form = await request.form()
    uploads = form_files(form)
    if not uploads:
        raise ClientError(NO_FILES)
    if len(uploads) > MAX_FILES:
        raise ClientError(TOO_MANY)
    kind, owner, doc_type = await _target(db_session, principal, current_user, form, len(uploads))
    instalment = _instalment(form, owner)
    for upload in uploads:  # every size first: an oversize file stores nothing at all
        if _size(upload) > limit:
            raise TooLarge(f.too_big(limit_mb, f.clean_name(upload.filename)))
    limits = runtime.settings.uploads
    if kind == "utente":
        check_avatar(uploads[0].file, _size(uploads[0]), limits)
    await check_quota(db_session, limits, principal, sum(_size(u) for u in uploads))
    target = Target(kind, owner, doc_type, instalment)
    return await save_uploads(db_session, runtime, tenant, principal, target, uploads)


def owner_tenant(owner: Owner, principal: Principal | None) -> str:
    return principal.tenant_id if principal is not None else str(getattr(owner, "tenant_id", ""))


@dataclass(frozen=True, slots=True)
class Target:
    """Where uploaded files go: the owner's kind and record, the ``allegati`` key, and the
    policy instalment they belong to (if any)."""

    kind: str
    owner: Owner
    doc_type: str
    instalment: int | None = None
    recheck: Callable[[AsyncSession], Awaitable[None]] | None = None
    """A bound of the caller's checked again once no other upload of the tenant can count
    at the same time (with the quota, before the documents are added)."""


class UploadHost(Protocol):
    """What storing uploads needs of the process: its settings and its thumbnailer."""

    @property
    def settings(self) -> Settings: ...

    @property
    def thumbnailer(self) -> Thumbnailer: ...


async def save_uploads(
    session: AsyncSession,
    runtime: UploadHost,
    tenant: Tenant,
    principal: Principal | None,
    target: Target,
    uploads: list[UploadFile],
) -> list[dict[str, Any]]:
    """Store ``uploads`` (already checked for size and quota) as documents of ``target``: the
    checks' transaction ends first, so no lock is held while files are written; the quota
    is checked again, and the owner locked, once they are; files written before a failure
    are removed. ``principal`` ``None``: a customer's upload through a link."""
    await session.commit()
    storage = f.storage_of(runtime.settings)
    limits = runtime.settings.uploads
    owner = target.owner
    answers: list[m.Document | dict[str, str]] = []
    documents: list[m.Document] = []
    stored: list[str] = []
    try:
        for upload in uploads:
            name = f.clean_name(upload.filename)
            if _size(upload) == 0:
                answers.append({"name": name, "err": EMPTY})
                continue
            key, thumb_key, size, file_type = await _store(
                storage, tenant, upload, name, runtime.thumbnailer
            )
            stored += [k for k in (key, thumb_key) if k]
            document = m.Document(
                id=new_id(), owner_kind=target.kind, owner_id=owner.id, doc_type=target.doc_type,
                name=name, uri=f.upload_uri(tenant.id, key), storage_key=key,
                file_type=file_type, size=size,
                thumb=f.upload_uri(tenant.id, thumb_key) if thumb_key else None,
                uploaded_by=principal.id if principal else None, at=utcnow(),
                instalment_number=target.instalment,
                roles=owner.roles if isinstance(owner, AreaFolder) else [],
            )  # fmt: skip
            documents.append(document)
            answers.append(document)
        owner = await _claim(session, limits, principal, owner, documents)
        if target.recheck is not None:
            await target.recheck(session)
        session.add_all(documents)
        if isinstance(owner, m.User):
            if documents:
                owner.photo = documents[0].uri
        elif documents and isinstance(owner, m.Quote | m.Policy | m.Claim):
            ids = [d.id for d in documents]
            owner.allegati = add_to_allegati(owner.allegati, target.doc_type, ids)
        await session.flush()
    except BaseException:
        if stored:  # in a thread, not awaited: a cancelled upload still removes its files,
            # and a slow object store does not hold up the event loop
            asyncio.get_running_loop().run_in_executor(
                None, _forget_stored, storage, tenant.id, list(stored)
            )
        raise
    return [document_payload(a) if isinstance(a, m.Document) else a for a in answers]


def _forget_stored(storage: DocumentStore, tenant_id: str, keys: list[str]) -> None:
    with suppress(StorageUnavailable):  # the upload's own error is the one reported
        for key in keys:
            storage.delete(tenant_id, key)


def _download_name(wanted: str | None, fallback: str) -> str:
    return f.clean_name(wanted) if wanted else fallback


@get(
    ["/download/{tenant_id:str}/{key:str}", "/upload/{tenant_id:str}/{key:str}"],
    summary="A document's file, for users who may read the document",
    tags=["documents"],
)
async def download_document(
    request: Request,  # type: ignore[type-arg]
    tenant_id: FromPath[str],
    key: FromPath[str],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    n: Annotated[str | None, Parameter(max_length=255)] = None,
) -> Response[Any]:
    if tenant_id != tenant.id:
        raise NotFound(DOC_NOT_FOUND)
    uri = f.upload_uri(tenant_id, key)
    document = (
        (
            await db_session.execute(
                select(m.Document).where(or_(m.Document.uri == uri, m.Document.thumb == uri))
            )
        )
        .scalars()
        .first()
    )
    if document is None or not await visible_documents(db_session, principal, [document.id]):
        raise NotFound(DOC_NOT_FOUND)
    is_thumb = document.thumb == uri and document.uri != uri
    media_type = "image/jpeg" if is_thumb else document.file_type
    inline = request.url.path.startswith("/upload/") and media_type in f.INLINE_TYPES
    return await stored_file_response(
        request,
        f.storage_of(runtime.settings),
        tenant.id,
        key,
        filename=_download_name(n, document.name),
        media_type=media_type if media_type in f.INLINE_TYPES else "application/octet-stream",
        disposition="inline" if inline else "attachment",
        headers=SECURE_HEADERS,
        missing=DOC_NOT_FOUND,
    )
