"""``/api/privacy``: the notice's versions (admins edit, everyone reads the current one with
no login), a client's consents (whoever may see the client), the export (same rule), the
erasure and the processing log (admins)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from litestar import Response, get, post
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.response import Stream

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.clients.queries import NOT_FOUND as CLIENT_NOT_FOUND
from core.domain.clients.queries import client_visible
from core.domain.documents import files as f
from core.domain.privacy import archive
from core.domain.privacy import log as plog
from core.domain.privacy.consents import ConsentChange, consents_of, record_consents
from core.domain.privacy.erasure import erase_client
from core.domain.privacy.export import collect, export_client, log_export
from core.domain.privacy.notices import (
    NoticeBody,
    current_notice,
    notice_payload,
    notice_versions,
    save_notice,
)
from core.errors import ClientError, NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.i18n import today_in_rome

MAX_ID = 32
MAX_NOTICE_BODY = 420_000
"""Bytes a notice save may carry: 100,000 characters of up to four bytes, JSON-escaped."""
BAD_BEFORE = "Cursore non valido (before)"
Action = plog.Action


def _id(client_id: str) -> str:
    if len(client_id) > MAX_ID:
        raise NotFound(CLIENT_NOT_FOUND)
    return client_id


async def visible(db_session: SessionDep, principal: Principal, client_id: str) -> m.Client:
    """The client, if the principal may see it (the client page's rule); else not found."""
    require(perm.sees_clients, principal)
    client = await db_session.get(m.Client, _id(client_id))
    if client is None or not await client_visible(db_session, principal, client):
        raise NotFound(CLIENT_NOT_FOUND)
    return client


@get("/api/privacy/notice", summary="The tenant's current privacy notice (no login)",
     tags=["privacy"])  # fmt: skip
async def public_notice(db_session: SessionDep, tenant: TenantDep) -> dict[str, Any]:
    return {**notice_payload(await current_notice(db_session)), "tenant": tenant.app_name}


@get("/api/privacy/notices", summary="Every version of the notice, newest first",
     tags=["privacy"])  # fmt: skip
async def notices_list(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    require(perm.sees_settings, principal)
    return await notice_versions(db_session)


@post("/api/privacy/notices", summary="Save a new version of the notice", tags=["privacy"],
      status_code=201, request_max_body_size=MAX_NOTICE_BODY)  # fmt: skip
async def notice_save(
    data: JSONBody[NoticeBody], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    require(perm.sees_settings, principal)
    return await save_notice(db_session, principal, data)


@get("/api/privacy/clients/{client_id:str}/consents", summary="A client's consents and history",
     tags=["privacy"])  # fmt: skip
async def client_consents(
    client_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    client = await visible(db_session, principal, client_id)
    return await consents_of(db_session, client.id)


@post("/api/privacy/clients/{client_id:str}/consents", summary="Record a consent given or revoked",
      tags=["privacy"], status_code=200)  # fmt: skip
async def client_consent_change(
    client_id: FromPath[str],
    data: JSONBody[ConsentChange],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    client = await visible(db_session, principal, client_id)
    await record_consents(
        db_session, client.id, {data.kind: data.given}, channel="agente", by=principal.id
    )
    return await consents_of(db_session, client.id)


@get("/api/privacy/clients/{client_id:str}/export",
     summary="A client's personal data as a JSON file (art. 15 and 20 GDPR)",
     tags=["privacy"])  # fmt: skip
async def client_export(
    client_id: FromPath[str], principal: PrincipalDep, tenant: TenantDep, db_session: SessionDep
) -> Response[dict[str, Any]]:
    client = await visible(db_session, principal, client_id)
    body = await export_client(db_session, principal, client.id, tenant.id)
    name = f"dati-cliente-{client.id}.json"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@get("/api/privacy/clients/{client_id:str}/export.zip",
     summary="A client's personal data and files as a ZIP (art. 15 and 20 GDPR)",
     tags=["privacy"])  # fmt: skip
async def client_export_zip(
    client_id: FromPath[str],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> Stream:
    client = await visible(db_session, principal, client_id)
    export = await collect(db_session, principal, client.id, tenant.id)
    await db_session.commit()  # the reads end: nothing is held while the files are packed
    out = await archive.build(f.storage_of(runtime.settings), tenant.id, export)
    try:
        await log_export(db_session, principal, client.id, tenant.id, "zip")
        await db_session.commit()  # the log entry stands before the file leaves
    except BaseException:
        out.close()
        raise
    size = out.seek(0, 2)
    out.seek(0)
    name = f"dati-cliente-{client.id}.zip"
    return Stream(
        archive.chunks(out),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{name}"',
                 "Content-Length": str(size)},
    )  # fmt: skip


@post("/api/privacy/clients/{client_id:str}/erasure",
      summary="Erase a client's data but what a retention duty keeps (art. 17 GDPR)",
      tags=["privacy"], status_code=200)  # fmt: skip
async def client_erasure(
    client_id: FromPath[str],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    require(perm.sees_settings, principal)  # admins only
    return await erase_client(
        db_session, runtime.settings, principal, tenant.id, _id(client_id), today_in_rome()
    )


def _cursor(before: str | None, before_id: str | None) -> tuple[datetime, str] | None:
    if not before:
        return None
    try:
        moment = datetime.fromisoformat(before)
    except ValueError as exc:
        raise ClientError(BAD_BEFORE) from exc
    if moment.tzinfo is None:
        raise ClientError(BAD_BEFORE)
    return moment, before_id or "~"


@get("/api/privacy/log", summary="The processing log, newest first", tags=["privacy"])
async def processing_log(
    principal: PrincipalDep,
    db_session: SessionDep,
    action: Annotated[Action | None, QueryParameter()] = None,
    client: Annotated[str | None, QueryParameter(max_length=MAX_ID)] = None,
    before: Annotated[str | None, QueryParameter(max_length=40)] = None,
    before_id: Annotated[str | None, QueryParameter(name="beforeId", max_length=MAX_ID)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=200)] = plog.PAGE,
) -> list[dict[str, Any]]:
    require(perm.sees_settings, principal)
    return await plog.log_page(
        db_session, action=action, client_id=client, before=_cursor(before, before_id),
        limit=limit,
    )  # fmt: skip
