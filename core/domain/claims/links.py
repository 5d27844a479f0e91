"""The customer's claim page, without login: the insured reports a claim on their policy.

``createLinkSinistro {policyId}`` → ``{link}``: ``/sinistro/{policyId}?c=…``, a code of
purpose ``sinistro`` naming the policy and the tenant, valid 30 days, refused like the other
links ('Link non valido', 'Il link è scaduto'). The page shows the policy (no agent, no
premium: nothing of the sale) and the claims already reported through it with their status;
the customer reports a new one (``opened_by: cliente``), which reaches the office live and
by push. At most :data:`MAX_OPEN_BY_LINK` claims still ``aperto`` per policy come from links,
so a leaked link cannot flood the office.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from litestar import Request, get, post
from litestar.datastructures import UploadFile
from litestar.params import FromPath, JSONBody
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.claims.serialize import claim_payload
from core.domain.claims.service import Facts, add_claim, visible_policy
from core.domain.claims.statuses import CLOSED, OPEN, STATUSES
from core.domain.clients.derive import record_customer
from core.domain.documents import files as f
from core.domain.documents.images import PHOTO_FORMATS, bounded_image
from core.domain.documents.uploads import (
    Target,
    check_quota,
    form_files,
    refuse_announced,
    save_uploads,
)
from core.domain.quotes.links import INVALID, limit_public, linked_record, mint_code, open_link
from core.domain.settings.branding import max_upload_mb
from core.errors import ClientError, NotFound, TooLarge
from core.extensions import CallContext
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.http.origin import default_origin
from core.i18n import today_in_rome
from core.lines import stored_settings
from core.messages import CLAIM_NOT_FOUND
from core.realtime.guard import logged_in
from core.settings import UploadSettings
from core.validation import parse

PURPOSE = "sinistro"
MAX_OPEN_BY_LINK = 5
MAX_PHOTOS_PER_REQUEST = 5
MAX_PHOTOS_BY_LINK = 10
MAX_ID = 32
PHOTOS_BODY_CAP = 600 * 1024 * 1024
"""The route's body cap: five files at the largest tenant limit; each tenant's own limit is
checked per file and on the announced length."""
NO_PHOTOS = "Nessuna foto ricevuta"
TOO_MANY_AT_ONCE = f"Puoi inviare al massimo {MAX_PHOTOS_PER_REQUEST} foto per volta"
TOO_MANY_PHOTOS = (
    f"Hai già inviato il numero massimo di foto ({MAX_PHOTOS_BY_LINK}) per questo sinistro: "
    "le altre consegnale all'agenzia"
)
NOT_A_PHOTO = "{name}: la foto deve essere un'immagine JPEG, PNG o WebP"
CLAIM_CLOSED = "Il sinistro è chiuso: per altre foto contatta l'agenzia"
PHOTO_TYPES = {"JPEG": ("image/jpeg", ".jpg"), "PNG": ("image/png", ".png"),
               "WEBP": ("image/webp", ".webp")}  # fmt: skip
TOO_MANY_OPEN = (
    "Ci sono già diversi sinistri in attesa su questa polizza: contatta l'agenzia per aprirne altri"
)


class LinkBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)


async def create_link_sinistro(ctx: CallContext, data: Any) -> dict[str, str]:
    """``{policyId}`` → the claim link of a policy the caller may see."""
    principal = logged_in(ctx)
    body = parse(LinkBody, data)
    await visible_policy(ctx.session, principal, body.policyId)
    code = mint_code(ctx.host.settings, ctx.tenant, body.policyId, principal.id, PURPOSE)
    origin = ctx.origin or default_origin(ctx.tenant, ctx.host.settings)
    return {"link": f"{origin}/sinistro/{body.policyId}?c={code}"}


async def _open_link(
    request: Request[Any, Any, Any], runtime: RuntimeDep, tenant: TenantDep, policy_id: str,
    code: str,
) -> datetime:  # fmt: skip
    """Count the request against the per-address limit, then open the code (its expiry); a
    code that does not open this policy is the same 404 as no policy."""
    await limit_public(request, runtime, tenant)
    return open_link(runtime.settings, tenant, policy_id, code, PURPOSE)


def public_claim(claim: m.Claim) -> dict[str, Any]:
    """What the customer sees of a claim: the facts and the status, no reserve or payment."""
    full = claim_payload(claim)
    keep = ("_id", "eventDate", "knownOn", "place", "description", "counterparties", "status",
            "openedAt", "reportBy", "companyClaimNumber")  # fmt: skip
    photos = (claim.allegati or {}).get("foto") or {}
    return {
        **{key: full[key] for key in keep},
        "statusLabel": STATUSES[claim.status],
        "photos": len(photos.get("files") or []),
    }


@get(
    "/api/public/claims/{policy_id:str}/{code:str}",
    summary="The customer's claim page: the policy and its claims (link code, no login)",
    tags=["public"],
)
async def public_claims_page(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    expires = await _open_link(request, runtime, tenant, policy_id, code)
    policy = await linked_record(db_session, runtime, tenant.id, m.Policy, policy_id, INVALID)
    customer = record_customer(policy)
    claims = (
        await db_session.execute(
            select(m.Claim)
            .where(m.Claim.policy_id == policy.id, m.Claim.opened_by == "cliente")
            .order_by(m.Claim.opened_at.desc())
            .limit(50)
        )
    ).scalars()
    return {
        "policy": {
            "_id": policy.id, "number": policy.number, "company": policy.company,
            "customer": customer.name if customer else "",
            "startDate": policy.start_date.isoformat() if policy.start_date else None,
            "endDate": policy.end_date.isoformat() if policy.end_date else None,
        },
        "claims": [public_claim(claim) for claim in claims],
        "expiresAt": expires.isoformat(),
    }  # fmt: skip


@post(
    "/api/public/claims/{policy_id:str}/{code:str}",
    summary="The customer reports a claim on the policy (link code, no login)",
    tags=["public"],
    status_code=201,
)
async def public_claim_open(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    data: JSONBody[dict[str, Any]],
) -> dict[str, Any]:
    await _open_link(request, runtime, tenant, policy_id, code)
    facts = parse(Facts, data)
    # locked: two reports at once must not both count four waiting claims and each add one
    policy = await linked_record(
        db_session, runtime, tenant.id, m.Policy, policy_id, INVALID, lock=True
    )
    waiting = select(func.count()).where(
        m.Claim.policy_id == policy.id, m.Claim.opened_by == "cliente", m.Claim.status == OPEN
    )
    if int((await db_session.execute(waiting)).scalar_one()) >= MAX_OPEN_BY_LINK:
        raise ClientError(TOO_MANY_OPEN)
    claim = await add_claim(
        db_session, runtime.push, policy, facts, "cliente", None, today_in_rome()
    )
    return public_claim(claim)


def _check_photo(upload: UploadFile, limit_mb: int, limits: UploadSettings) -> None:
    """A bounded JPEG, PNG or WebP no larger than the tenant's upload limit; stored as the
    format found in it, whatever type and name it was sent with."""
    name = f.clean_name(upload.filename)
    if f.size_of(upload.file) > limit_mb * f.MB:
        raise TooLarge(f.too_big(limit_mb, name))
    found = bounded_image(upload.file, limits, PHOTO_FORMATS, NOT_A_PHOTO.format(name=name))
    mime, extension = PHOTO_TYPES[found.format]
    upload.content_type = mime
    upload.filename = f"{name.rsplit('.', 1)[0] if '.' in name else name}{extension}"


@post(
    "/api/public/claims/{policy_id:str}/{code:str}/{claim_id:str}/photos",
    summary="The customer adds photos to a claim on the policy (link code, no login; multipart)",
    tags=["public"],
    status_code=201,
    request_max_body_size=PHOTOS_BODY_CAP,
)
async def public_claim_photos(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    claim_id: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> list[dict[str, Any]]:
    """Files ``file.0`` … (at most :data:`MAX_PHOTOS_PER_REQUEST`), each checked before any
    is stored; :data:`MAX_PHOTOS_BY_LINK` a claim from links. They join the claim's
    ``allegati.foto`` (the change reaches the office live)."""
    await _open_link(request, runtime, tenant, policy_id, code)
    limit_mb = max_upload_mb(tenant, await stored_settings(db_session))
    refuse_announced(request, limit_mb, MAX_PHOTOS_PER_REQUEST)
    claim = None
    if len(claim_id) <= MAX_ID:
        stmt = select(m.Claim).where(
            m.Claim.id == claim_id, m.Claim.policy_id == policy_id,
            m.Claim.opened_by == "cliente",
        )  # fmt: skip
        claim = (await db_session.execute(stmt)).scalar_one_or_none()
    if claim is None:
        raise NotFound(CLAIM_NOT_FOUND)
    if claim.status in CLOSED:
        raise ClientError(CLAIM_CLOSED)
    uploads = form_files(await request.form())
    if not uploads:
        raise ClientError(NO_PHOTOS)
    if len(uploads) > MAX_PHOTOS_PER_REQUEST:
        raise ClientError(TOO_MANY_AT_ONCE)
    limits = runtime.settings.uploads
    for upload in uploads:
        _check_photo(upload, limit_mb, limits)

    async def within_bound(session: AsyncSession) -> None:
        sent = select(func.count()).where(
            m.Document.owner_kind == "sinistro", m.Document.owner_id == claim_id,
            m.Document.uploaded_by.is_(None),
        )  # fmt: skip
        if int((await session.execute(sent)).scalar_one()) + len(uploads) > MAX_PHOTOS_BY_LINK:
            raise ClientError(TOO_MANY_PHOTOS)

    await within_bound(db_session)  # refused at once when plainly over, checked again locked
    await check_quota(db_session, limits, None, sum(f.size_of(u.file) for u in uploads))
    target = Target("sinistro", claim, "foto", recheck=within_bound)
    return await save_uploads(db_session, runtime, tenant, None, target, uploads)
