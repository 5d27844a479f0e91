"""``/api/rimesse`` (admins): a company's figures for a period, the remittances, issuing and
paying one, its statement as PDF and XLSX, the company statement's upload and the
resolution of its differences; the twins of the socket calls in
:mod:`core.domain.remittances.calls`."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from litestar import Request, Response, get, patch, post
from litestar.datastructures import UploadFile
from litestar.params import FromPath, JSONBody, QueryParameter

from core.domain.commissions.exports import XLSX_TYPE
from core.domain.documents.uploads import form_files
from core.domain.remittances import reconciliation, service, statement, views
from core.domain.remittances.company_file import MAX_BYTES, TOO_BIG
from core.domain.remittances.figures import EXPORT_ROWS, PDF_ROWS
from core.domain.remittances.serialize import remittance_payload
from core.errors import ClientError, TooLarge
from core.http.deps import PrincipalDep, SessionDep, TenantDep

From = Annotated[date | None, QueryParameter(name="from")]
To = Annotated[date | None, QueryParameter(name="to")]
Company = Annotated[str | None, QueryParameter(max_length=100)]
NO_FILE = "Carica l'estratto della compagnia (CSV o XLSX) nel campo file.0"
BODY_CAP = MAX_BYTES + 256 * 1024
TAGS = ["remittances"]


def _download(content: bytes, media_type: str, filename: str) -> Response[bytes]:
    return Response(
        content, media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )  # fmt: skip


def _file_name(remittance: Any, ext: str) -> str:
    company = "".join(c if c.isalnum() else "-" for c in remittance.company)[:40]
    return f"rimessa-{company}-{remittance.period_from}-{remittance.period_to}.{ext}"


@get("/api/rimesse/cifre", summary="A company's collections over a period (admins)", tags=TAGS)
async def remittance_figures(
    principal: PrincipalDep, db_session: SessionDep, company: Company = None,
    start: From = None, end: To = None,
) -> dict[str, Any]:  # fmt: skip
    return await views.figures(db_session, principal, company, start, end)


@get("/api/rimesse", summary="The remittances, newest period first (admins)", tags=TAGS)
async def remittance_list(
    principal: PrincipalDep, db_session: SessionDep, company: Company = None
) -> list[dict[str, Any]]:
    return await views.remittances(db_session, principal, company)


@post("/api/rimesse", summary="Issue a remittance: {company, from, to}", tags=TAGS,
      status_code=201)  # fmt: skip
async def remittance_issue(
    data: JSONBody[dict[str, Any]], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The twin of ``emettiRimessa``."""
    return remittance_payload(await service.issue(db_session, principal, data))


@post("/api/rimesse/{remittance_id:str}/pagamento", summary="Record a remittance's payment",
      tags=TAGS, status_code=200)  # fmt: skip
async def remittance_pay(
    remittance_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """The twin of ``pagaRimessa``: ``{paidOn, method, reference?}``."""
    return remittance_payload(await service.pay(db_session, principal, remittance_id, data))


@get("/api/rimesse/{remittance_id:str}/pdf", summary="A remittance's statement as PDF",
     tags=TAGS)  # fmt: skip
async def remittance_pdf(
    remittance_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
    tenant: TenantDep,
) -> Response[bytes]:  # fmt: skip
    remittance = await service.visible(db_session, principal, remittance_id)
    built = await statement.build(db_session, remittance, PDF_ROWS)
    content = statement.pdf(built, tenant.title)
    return _download(content, "application/pdf", _file_name(remittance, "pdf"))


@get("/api/rimesse/{remittance_id:str}/xlsx", summary="A remittance's statement as XLSX",
     tags=TAGS)  # fmt: skip
async def remittance_xlsx(
    remittance_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> Response[bytes]:
    remittance = await service.visible(db_session, principal, remittance_id)
    built = await statement.build(db_session, remittance, EXPORT_ROWS)
    return _download(statement.xlsx(built), XLSX_TYPE, _file_name(remittance, "xlsx"))


@get("/api/rimesse/{remittance_id:str}/estratto",
     summary="The latest reconciliation of the company's statement", tags=TAGS)  # fmt: skip
async def reconciliation_read(
    remittance_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    return await reconciliation.latest(db_session, principal, remittance_id)


@post("/api/rimesse/{remittance_id:str}/estratto",
      summary="Upload the company's statement (multipart file.0: CSV or XLSX) and reconcile it",
      tags=TAGS, status_code=201, request_max_body_size=BODY_CAP)  # fmt: skip
async def reconciliation_upload(
    remittance_id: FromPath[str], request: Request,  # type: ignore[type-arg]
    principal: PrincipalDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    await service.visible(db_session, principal, remittance_id)
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > BODY_CAP:
        raise TooLarge(TOO_BIG)
    files = form_files(await request.form())
    if len(files) != 1 or not isinstance(files[0], UploadFile):
        raise ClientError(NO_FILE)
    upload = files[0]
    content = await upload.read(MAX_BYTES + 1)
    return await reconciliation.import_statement(
        db_session, principal, remittance_id, content, upload.filename or ""
    )


@patch("/api/rimesse/righe/{line_id:str}", summary="Mark a difference resolved with a note",
       tags=TAGS)  # fmt: skip
async def reconciliation_resolve(
    line_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """The twin of ``risolviDifferenza``: ``{note}``."""
    return await reconciliation.resolve(db_session, principal, line_id, data)
