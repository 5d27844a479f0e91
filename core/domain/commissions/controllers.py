"""HTTP for the money screens: ``/api/report`` (and its XLSX/CSV), an agent's lines,
``/api/saldo/{userId}`` (ledger, hand-posted entries, the monthly PDF statement) and
``/api/cassa`` (sheet, XLSX, day close)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from litestar import Controller, Response, get, post, put
from litestar.params import FromPath, JSONBody, QueryParameter
from pydantic import BaseModel, ConfigDict

from core.domain.commissions import cash, exports
from core.domain.commissions.balance import (
    add_entry,
    balances_overview,
    checked_range,
    read_balance,
)
from core.domain.commissions.lines import agent_lines
from core.domain.commissions.report import report_payload
from core.domain.commissions.statement import monthly_statement
from core.domain.commissions.tax_profile import read_profile, save_profile
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep

From = Annotated[date | None, QueryParameter(name="from")]
To = Annotated[date | None, QueryParameter(name="to")]
AgentFilter = Annotated[str | None, QueryParameter(name="agentId", max_length=32)]


def _download(content: bytes, media_type: str, filename: str) -> Response[bytes]:
    return Response(
        content, media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )  # fmt: skip


class ReportController(Controller):
    path = "/api/report"
    tags = ["commissions"]

    @get("/", summary="Commissions over a range (default this month), per earner, with charts")
    async def report(
        self, principal: PrincipalDep, db_session: SessionDep,
        start: From = None, end: To = None, agent_id: AgentFilter = None,
    ) -> dict[str, Any]:  # fmt: skip
        first, last = checked_range(start, end)
        return await report_payload(db_session, principal, first, last, agent_id)

    @get("/export", summary="The report as XLSX or CSV")
    async def export(
        self, principal: PrincipalDep, db_session: SessionDep,
        format: Annotated[Literal["xlsx", "csv"], QueryParameter()] = "xlsx",
        start: From = None, end: To = None, agent_id: AgentFilter = None,
    ) -> Response[bytes]:  # fmt: skip
        first, last = checked_range(start, end)
        report = await report_payload(db_session, principal, first, last, agent_id)
        name = f"provvigioni-{first}-{last}.{format}"
        if format == "csv":
            return _download(exports.report_csv(report), exports.CSV_TYPE, name)
        return _download(exports.report_xlsx(report), exports.XLSX_TYPE, name)

    @get("/agenti/{agent_id:str}", summary="One agent's commission lines over a range")
    async def agent(
        self, agent_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
        start: From = None, end: To = None,
    ) -> dict[str, Any]:  # fmt: skip
        first, last = checked_range(start, end)
        return await agent_lines(db_session, principal, agent_id, first, last)


class BalanceController(Controller):
    path = "/api/saldo"
    tags = ["commissions"]

    @get("/", summary="Every collaborator's balance and last movement (admins)")
    async def overview(self, principal: PrincipalDep, db_session: SessionDep) -> dict[str, Any]:
        return await balances_overview(db_session, principal)

    @get("/{user_id:str}", summary="A collaborator's ledger over a range (default this month)")
    async def ledger(
        self, user_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
        start: From = None, end: To = None,
    ) -> dict[str, Any]:  # fmt: skip
        return await read_balance(db_session, principal, user_id, start, end)

    @post("/{user_id:str}/movimenti", summary="Post a payout, an advance or an adjustment")
    async def add(
        self, user_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:  # fmt: skip
        return await add_entry(db_session, principal, user_id, data)

    @get("/{user_id:str}/estratto.pdf", summary="The month's statement as a PDF")
    async def statement(
        self, user_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
        runtime: RuntimeDep, tenant: TenantDep,
        month: Annotated[str | None, QueryParameter(pattern=r"^\d{4}-\d{2}$")] = None,
    ) -> Response[bytes]:  # fmt: skip
        content, name = await monthly_statement(
            db_session, runtime, tenant, principal, user_id, month
        )
        return _download(content, "application/pdf", name)


class TaxProfileController(Controller):
    path = "/api/profilo-fiscale"
    tags = ["commissions"]

    @get("/{user_id:str}", summary="A collaborator's tax profile (admins, or their own)")
    async def read(
        self, user_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, Any]:
        return await read_profile(db_session, principal, user_id)

    @put("/{user_id:str}", summary="Set a collaborator's withholding base, rate, CF/VAT, IBAN")
    async def save(
        self, user_id: FromPath[str], data: JSONBody[dict[str, Any]], principal: PrincipalDep,
        db_session: SessionDep,
    ) -> dict[str, Any]:  # fmt: skip
        return await save_profile(db_session, principal, user_id, data)


class DayClose(BaseModel):
    model_config = ConfigDict(extra="forbid")
    day: date


class CashController(Controller):
    path = "/api/cassa"
    tags = ["commissions"]

    @get("/", summary="Instalments by cassa date, collected and outstanding (admins)")
    async def sheet(
        self, principal: PrincipalDep, db_session: SessionDep, start: From = None, end: To = None
    ) -> dict[str, Any]:
        return await cash.cash_sheet(db_session, principal, start, end)

    @get("/export", summary="The cash sheet as XLSX (admins)")
    async def export(
        self, principal: PrincipalDep, db_session: SessionDep, start: From = None, end: To = None
    ) -> Response[bytes]:
        sheet = await cash.cash_sheet(db_session, principal, start, end, cash.EXPORT_ROWS)
        content = exports.xlsx([("Cassa", cash.CASH_HEADER, cash.cash_rows(sheet))])
        return _download(content, exports.XLSX_TYPE, f"cassa-{sheet['from']}-{sheet['to']}.xlsx")

    @post("/chiusure", summary="Close a day: its payments are locked (admins)")
    async def close(
        self, data: JSONBody[DayClose], principal: PrincipalDep, db_session: SessionDep
    ) -> dict[str, Any]:
        return await cash.close_day(db_session, principal, data.day)
