"""``/api/portafoglio``: the import's fields and sources, a file's headers with the mapping
guessed or saved for its source, an import or dry run started as a background job, its
status and report, and the full export of the portfolio."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Annotated, Any

from litestar import Request, Response, get, post, put
from litestar.datastructures import UploadFile
from litestar.params import FromPath, JSONBody, QueryParameter
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.exports import CSV_TYPE, XLSX_TYPE
from core.domain.documents.uploads import form_files
from core.domain.portfolio import export, jobs
from core.domain.portfolio.engine import check_allowed, check_mapping
from core.domain.portfolio.fields import FIELDS, POLICY_REQUIRED, REQUIRED, guess
from core.domain.portfolio.reader import MAX_BYTES, TOO_BIG, Table, read_table
from core.errors import ClientError, TooLarge
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep
from core.i18n import today_in_rome

TAGS = ["portfolio"]
BODY_CAP = MAX_BYTES + 256 * 1024
NO_FILE = "Carica il file del portafoglio (CSV o XLSX) nel campo file.0"
NO_SOURCE = "Indica la fonte del file (es. «Portale Compagnia X»)"
LONG_SOURCE = "Il nome della fonte supera i 100 caratteri"
BAD_MAPPING = "L'abbinamento delle colonne non è valido"

Format = Annotated[str, QueryParameter(name="formato", max_length=5)]


def _download(content: bytes, media_type: str, filename: str) -> Response[bytes]:
    return Response(
        content,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _source_name(value: Any) -> str:
    name = " ".join(str(value or "").split())
    if not name:
        raise ClientError(NO_SOURCE)
    if len(name) > 100:
        raise ClientError(LONG_SOURCE)
    return name


def _mapping(value: Any) -> dict[str, str]:
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError as exc:
            raise ClientError(BAD_MAPPING) from exc
    if not isinstance(value, dict) or len(value) > len(FIELDS):
        raise ClientError(BAD_MAPPING)
    return {str(k): str(v)[:200] for k, v in value.items() if k in FIELDS and v}


def source_payload(source: m.ImportSource) -> dict[str, Any]:
    return {"_id": source.id, "name": source.name, "mapping": source.mapping or {}}


async def find_source(session: AsyncSession, name: str) -> m.ImportSource | None:
    stmt = select(m.ImportSource).where(m.ImportSource.name == name)
    return (await session.execute(stmt)).scalar_one_or_none()


async def save_source(session: AsyncSession, name: str, mapping: dict[str, str]) -> m.ImportSource:
    source = await find_source(session, name)
    if source is None:
        source = m.ImportSource(name=name, mapping=mapping)
        session.add(source)
    elif source.mapping != mapping:
        source.mapping = mapping
    await session.flush()
    return source


async def _upload(request: Request[Any, Any, Any]) -> tuple[Table, str, Any]:
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > BODY_CAP:
        raise TooLarge(TOO_BIG)
    form = await request.form()
    files = form_files(form)
    if len(files) != 1 or not isinstance(files[0], UploadFile):
        raise ClientError(NO_FILE)
    upload = files[0]
    content = await upload.read(MAX_BYTES + 1)
    if len(content) > MAX_BYTES:
        raise TooLarge(TOO_BIG)
    name = upload.filename or ""
    table = await asyncio.to_thread(read_table, content, name)
    return table, name, form


@get("/api/portafoglio/campi", summary="The import's fields and the saved sources", tags=TAGS)
async def portfolio_fields(principal: PrincipalDep, db_session: SessionDep) -> dict[str, Any]:
    check_allowed(principal)
    sources = (await db_session.execute(
        select(m.ImportSource).order_by(m.ImportSource.name))).scalars().all()  # fmt: skip
    return {
        "fields": [{"key": k, "label": v, "required": k in REQUIRED,
                    "policy": k in POLICY_REQUIRED} for k, v in FIELDS.items()],
        "sources": [source_payload(s) for s in sources],
    }  # fmt: skip


@put("/api/portafoglio/fonti", summary="Save a source's column mapping: {name, mapping}",
     tags=TAGS)  # fmt: skip
async def portfolio_source_save(
    data: JSONBody[dict[str, Any]], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    check_allowed(principal)
    source = await save_source(db_session, _source_name(data.get("name")),
                               _mapping(data.get("mapping")))  # fmt: skip
    return source_payload(source)


@post("/api/portafoglio/intestazioni", tags=TAGS, status_code=200,
      summary="A file's headers, its first rows and the mapping (saved for the source, else "
              "guessed from the headers); multipart file.0 and source",
      request_max_body_size=BODY_CAP)  # fmt: skip
async def portfolio_headers(
    request: Request[Any, Any, Any], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    check_allowed(principal)
    table, _name, form = await _upload(request)
    guessed = guess(table.header)
    name = " ".join(str(form.get("source") or "").split())
    source = await find_source(db_session, name) if name else None
    saved = {k: v for k, v in ((source.mapping if source else None) or {}).items()
             if v in table.header}  # fmt: skip
    return {
        "header": table.header, "rows": len(table.rows),
        "sample": [[_cell(v) for v in row] for row in table.rows[:5]],
        "guess": guessed, "mapping": saved or guessed, "saved": bool(saved),
    }  # fmt: skip


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, int | float | str | bool):
        return value
    return str(value)


@post("/api/portafoglio/importazioni", tags=TAGS, status_code=202,
      summary="Start an import (dryRun=true: a dry run) of the file in file.0 from a source "
              "with a mapping (JSON); saves the mapping for the source",
      request_max_body_size=BODY_CAP)  # fmt: skip
async def portfolio_import(
    request: Request[Any, Any, Any], principal: PrincipalDep, db_session: SessionDep,
    runtime: RuntimeDep,
) -> dict[str, Any]:  # fmt: skip
    check_allowed(principal)
    table, file_name, form = await _upload(request)
    name = _source_name(form.get("source"))
    mapping = check_mapping(table.header, _mapping(form.get("mapping")))
    dry_run = str(form.get("dryRun", "true")).lower() not in ("false", "0", "no")
    source = await save_source(db_session, name, mapping)
    job = await jobs.create_job(db_session, principal, source, file_name, len(table.rows),
                                dry_run)  # fmt: skip
    payload = jobs.job_payload(job)
    await db_session.commit()
    notify = _notifier(runtime, principal, job.id, dry_run)
    jobs.start(runtime.write_session, principal, job.id, source.id, table, mapping, dry_run,
               notify)  # fmt: skip
    return payload


DATA_CHANGED = "dataChanged"
"""The event that has every open screen of the tenant catch up (a resync from its watermark)."""
DATA_CHANGED_EVERY = 10.0
"""Seconds between two such events while an import writes (and one when it ends)."""


def _notifier(runtime: Any, principal: Principal, job_id: str, dry_run: bool) -> Any:
    """Pushes the job's progress to the user's sockets (``priv/{userId}``: ``importProgress``);
    an import that writes also tells every socket of the tenant that data changed
    (``dataChanged``, at most every :data:`DATA_CHANGED_EVERY` seconds and once at the end):
    each screen catches up through its own resync, seeing only what its user may see, instead
    of one push per imported row."""
    last_told = time.monotonic()

    async def notify(done: int, counts: Any) -> None:
        nonlocal last_told
        event = {"importProgress": {"jobId": job_id, "done": done, "finished": done < 0}}
        try:  # a push is a courtesy: the status route tells the same
            await runtime.hub.publish_private(principal.tenant_id, principal.id, event)
            if dry_run or (done >= 0 and time.monotonic() - last_told < DATA_CHANGED_EVERY):
                return
            last_told = time.monotonic()
            await runtime.hub.send_event(principal.tenant_id, DATA_CHANGED)
        except Exception:
            return

    return notify


@get("/api/portafoglio/importazioni/{job_id:str}", summary="An import's status and progress",
     tags=TAGS)  # fmt: skip
async def portfolio_job(
    job_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    check_allowed(principal)
    return jobs.job_payload(await jobs.visible_job(db_session, principal, job_id))


@get("/api/portafoglio/importazioni/{job_id:str}/rapporto",
     summary="An import's report: bad rows and counts (formato=csv|xlsx)", tags=TAGS)  # fmt: skip
async def portfolio_report(
    job_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
    fmt: Format = "xlsx",
) -> Response[bytes]:  # fmt: skip
    check_allowed(principal)
    chosen = export.check_format(fmt)
    job = await jobs.visible_job(db_session, principal, job_id)
    content = export.report(job, chosen)
    media = XLSX_TYPE if chosen == "xlsx" else CSV_TYPE
    return _download(content, media, f"importazione-{job.id[:8]}.{chosen}")


@get("/api/portafoglio/esportazione",
     summary="The whole portfolio the caller sees: XLSX (3 sheets) or a ZIP of 3 CSV files",
     tags=TAGS)  # fmt: skip
async def portfolio_export(
    principal: PrincipalDep, db_session: SessionDep, fmt: Format = "xlsx"
) -> Response[bytes]:
    chosen = export.check_format(fmt)
    parts = await export.sheets(db_session, principal)
    day = today_in_rome().isoformat()
    if chosen == "xlsx":
        return _download(export.as_xlsx(parts), XLSX_TYPE, f"portafoglio-{day}.xlsx")
    return _download(export.as_csv_zip(parts), export.ZIP_TYPE, f"portafoglio-{day}.zip")
