"""``/impostazioni``'s routes: the settings, the logo, the product-line switch and the
activity log (admins only)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from anyio import to_thread
from litestar import Request, Response, get, post, put
from litestar.datastructures import UploadFile
from litestar.params import FromPath, JSONBody, QueryParameter
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select

from core import permissions as perm
from core.db import models as m
from core.db.audit_text import describe
from core.domain.documents import files as f
from core.domain.documents.images import check_avatar
from core.domain.settings.branding import LOGO_PATH
from core.domain.settings.rules import SettingsChanges
from core.domain.settings.save import save_settings, set_logo, stored_or_new
from core.errors import ClientError, NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.http.stored_files import stored_file_response
from core.lines import stored_settings
from core.messages import LINE_NOT_AVAILABLE
from core.validation import StrictBool

PRODUCTS_CHANGED = "productsChanged"
"""Server event telling the tenant's connected clients to re-read ``/api/tenant``."""
LINE_SWITCHED_OFF = "Prodotto disattivato"
NO_LOGO = "Carica un'immagine per il logo (file.0)"
LOGO_NOT_FOUND = "File non trovato"
LOGO_TYPES = frozenset({"image/jpeg", "image/png", "image/webp"})
"""What an uploaded logo is served as (the upload checks it is one of these): never the type
its file name suggests otherwise (a PNG named ``logo.js`` or ``logo.html``)."""
AUDIT_PAGE = 100
BAD_MOMENT = "Data non valida (before)"


class ProductToggle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: StrictBool


@put("/api/settings/products/{product_id:str}", summary="Switch a product line", tags=["settings"])
async def toggle_product(
    product_id: FromPath[str],
    data: JSONBody[ProductToggle],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    require(perm.sees_settings, principal)
    if product_id not in runtime.lines.offered(tenant):
        raise NotFound(LINE_NOT_AVAILABLE)
    stored = await stored_or_new(db_session)
    disabled = [p for p in stored.disabled_products if p != product_id]
    if not data.enabled:
        disabled.append(product_id)
    stored.disabled_products = disabled
    await db_session.flush()
    products = await runtime.lines.enabled(db_session, tenant)
    await db_session.commit()  # clients re-read the configuration as soon as they hear of it
    if not data.enabled:
        channels = [p.channel for p in runtime.publications.values() if p.product == product_id]
        await runtime.hub.close_channels(tenant.id, channels, LINE_SWITCHED_OFF)
    await runtime.hub.send_event(tenant.id, PRODUCTS_CHANGED)
    return {"products": products}


@get(
    "/api/settings/products",
    summary="The lines the deployment offers, on or off",
    tags=["settings"],
)
async def product_lines(
    principal: PrincipalDep, runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep
) -> list[dict[str, Any]]:
    require(perm.sees_settings, principal)
    enabled = set(await runtime.lines.enabled(db_session, tenant))
    return [
        {"id": p, "name": runtime.product_lines[p].name, "enabled": p in enabled}
        for p in runtime.lines.offered(tenant)
    ]


@put("/api/settings", summary="Save the tenant's settings (absent fields stay)", tags=["settings"])
async def put_settings(
    data: JSONBody[SettingsChanges],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, bool]:
    await save_settings(db_session, runtime, tenant, principal, data)
    return {"ok": True}


@post(
    "/api/settings/logo",
    summary="Upload the tenant's logo (multipart file.0: JPEG, PNG or WebP)",
    tags=["settings"],
    status_code=200,
    request_max_body_size=8 * f.MB,
)
async def upload_logo(
    request: Request,  # type: ignore[type-arg]
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, str]:
    require(perm.sees_settings, principal)
    upload = (await request.form()).get("file.0")
    if not isinstance(upload, UploadFile):
        raise ClientError(NO_LOGO)
    check_avatar(upload.file, f.size_of(upload.file), runtime.settings.uploads)
    upload.file.seek(0)
    storage = f.storage_of(runtime.settings)
    name = f.clean_name(upload.filename or "logo")
    key = await to_thread.run_sync(storage.save_stream, tenant.id, name, upload.file)
    stored = await stored_or_new(db_session)
    previous = set_logo(stored, key)
    await db_session.flush()
    if previous:
        await to_thread.run_sync(storage.delete, tenant.id, previous)
    return {"logo": f"{LOGO_PATH}/{key}"}


@get(f"{LOGO_PATH}/{{key:str}}", summary="The tenant's uploaded logo (public)", tags=["tenant"])
async def tenant_logo(
    request: Request,  # type: ignore[type-arg]
    key: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> Response[Any]:
    stored = await stored_settings(db_session)
    if stored is None or (stored.data or {}).get("logo") != key:
        raise NotFound(LOGO_NOT_FOUND)
    return await stored_file_response(
        request,
        f.storage_of(runtime.settings),
        tenant.id,
        key,
        filename=key,
        media_type=_logo_type(key),
        disposition="inline",
        missing=LOGO_NOT_FOUND,
    )


def _logo_type(key: str) -> str:
    guessed = f.file_type(key, None)
    return guessed if guessed in LOGO_TYPES else "application/octet-stream"


def _utc(moment: datetime) -> datetime:
    """A time as UTC (a naive one is taken as UTC); out of range is a 400."""
    try:
        return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    except (OverflowError, ValueError) as exc:
        raise ClientError(BAD_MOMENT) from exc


@get(
    "/api/audit",
    summary="The activity log in words: who did what, to which record, when (admins)",
    tags=["settings"],
)
async def activity_log(
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    entity: Annotated[str | None, QueryParameter(max_length=64)] = None,
    actor: Annotated[str | None, QueryParameter(max_length=32)] = None,
    action: Annotated[Literal["insert", "update", "delete"] | None, QueryParameter()] = None,
    entity_id: Annotated[str | None, QueryParameter(name="entityId", max_length=64)] = None,
    before: Annotated[datetime | None, QueryParameter()] = None,
) -> list[dict[str, Any]]:
    """Each entry with ``who`` and ``role`` (the tenant's words), ``what``, ``record`` (named,
    not an id) and ``changes`` as ``{label, old, new}`` (see :mod:`core.db.audit_text`)."""
    require(perm.sees_settings, principal)
    stmt = select(m.AuditEntry).order_by(m.AuditEntry.at.desc()).limit(AUDIT_PAGE)
    if entity:
        stmt = stmt.where(m.AuditEntry.entity == entity)
    if actor:
        stmt = stmt.where(m.AuditEntry.actor_id == actor)
    if action:
        stmt = stmt.where(m.AuditEntry.action == action)
    if entity_id:
        stmt = stmt.where(m.AuditEntry.entity_id == entity_id)
    if before is not None:
        stmt = stmt.where(m.AuditEntry.at < _utc(before))
    entries = (await db_session.execute(stmt)).scalars().all()
    return await describe(db_session, entries, runtime.record_kinds, tenant.wording.model_dump())


@get("/api/audit/kinds", summary="The kinds of record the activity log names (admins)",
     tags=["settings"])  # fmt: skip
async def activity_kinds(principal: PrincipalDep, runtime: RuntimeDep) -> list[dict[str, str]]:
    """``[{value: table, label}]`` in the registered order, for the log's filter."""
    require(perm.sees_settings, principal)
    return [{"value": kind.table, "label": kind.label} for kind in runtime.record_kinds.values()]
