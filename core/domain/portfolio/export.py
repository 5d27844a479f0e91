"""The portfolio's full export and an import's report, as XLSX or CSV.

The export holds the clients, the policies and their instalments the caller sees, with the
lists' own visibility (:func:`core.domain.clients.queries.visible_client`, the agent tree of
the policies): as one XLSX of three sheets (Clienti, Polizze, Rate), or as a ZIP of three CSV
files in Italian Excel's dialect (``clienti.csv``, ``polizze.csv``, ``rate.csv``). Money is a
number in euros to the cent; days ``dd/mm/yyyy``."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.clients.queries import visible_client
from core.domain.commissions.exports import csv_bytes
from core.domain.portfolio.fields import FIELDS
from core.domain.quotes.queries import in_agent_tree
from core.domain.remittances.sheet import workbook
from core.errors import ClientError, Forbidden

NOT_ALLOWED = "Non puoi esportare il portafoglio"
BAD_FORMAT = "Formato non previsto: scegli xlsx o csv"
ZIP_TYPE = "application/zip"

CLIENT_HEADER = ("ID", "Nome e cognome / Ragione sociale", "Codice fiscale / Partita IVA",
                 "Email", "Telefono", "Agente")  # fmt: skip
POLICY_HEADER = ("ID", "Compagnia", "Numero polizza", "Prodotto", "Codice fiscale cliente",
                 "Cliente", "Decorrenza", "Scadenza", "Premio lordo", "Frazionamento",
                 "Pagata", "Agente")  # fmt: skip
INSTALMENT_HEADER = ("ID polizza", "Compagnia", "Numero polizza", "Rata", "Data", "Importo",
                     "Incassata", "Incassata il")  # fmt: skip


def may_export(principal: Principal) -> bool:
    """Whoever sees the clients list (admins and agents) and the responsabili."""
    return perm.sees_clients(principal) or perm.manages(principal)


async def sheets(
    session: AsyncSession, principal: Principal
) -> list[tuple[str, Sequence[str], list[list[Any]]]]:
    if not may_export(principal) or principal.is_employee:
        raise Forbidden(NOT_ALLOWED)
    emails = {uid: email for uid, email in (await session.execute(
        select(m.User.id, m.User.email))).all()}  # fmt: skip
    products = {pid: name for pid, name in (await session.execute(
        select(m.Product.id, m.Product.name))).all()}  # fmt: skip
    clients = (await session.execute(
        select(m.Client.id, m.Client.name, m.Client.fiscal_code, m.Client.email,
               m.Client.phone, m.Client.agent_id)
        .where(visible_client(principal)).order_by(m.Client.name, m.Client.id)
    )).all()  # fmt: skip
    client_rows = [[c.id, c.name, c.fiscal_code, c.email, c.phone, emails.get(c.agent_id)]
                   for c in clients]  # fmt: skip
    names = {c.id: (c.name, c.fiscal_code) for c in clients}
    policies = (await session.execute(
        select(m.Policy.id, m.Policy.company, m.Policy.number, m.Policy.product_id,
               m.Policy.client_id, m.Policy.start_date, m.Policy.end_date, m.Policy.premium,
               m.Policy.frequency, m.Policy.paid, m.Policy.agent_id)
        .where(in_agent_tree(principal, m.Policy), m.Policy.type.is_(None))
        .order_by(m.Policy.company, m.Policy.number, m.Policy.id)
    )).all()  # fmt: skip
    missing = {p.client_id for p in policies if p.client_id and p.client_id not in names}
    if missing:
        for cid, name, code in (await session.execute(
            select(m.Client.id, m.Client.name, m.Client.fiscal_code)
            .where(m.Client.id.in_(missing))
        )).all():  # fmt: skip
            names[cid] = (name, code)
    policy_rows = [
        [p.id, p.company, p.number, products.get(p.product_id, p.product_id),
         names.get(p.client_id, (None, None))[1], names.get(p.client_id, (None, None))[0],
         p.start_date, p.end_date, p.premium, p.frequency, "sì" if p.paid else "no",
         emails.get(p.agent_id)]
        for p in policies
    ]  # fmt: skip
    numbers = {p.id: (p.company, p.number) for p in policies}
    instalments = (await session.execute(
        select(m.Instalment.policy_id, m.Instalment.number, m.Instalment.cassa_date,
               m.Instalment.total, m.Instalment.paid, m.Instalment.paid_at)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(in_agent_tree(principal, m.Policy), m.Policy.type.is_(None))
        .order_by(m.Instalment.policy_id, m.Instalment.number)
    )).all()  # fmt: skip
    instalment_rows = [
        [i.policy_id, *numbers.get(i.policy_id, (None, None)), i.number, i.cassa_date, i.total,
         "sì" if i.paid else "no", i.paid_at.date() if i.paid_at else None]
        for i in instalments
    ]  # fmt: skip
    return [("Clienti", CLIENT_HEADER, client_rows), ("Polizze", POLICY_HEADER, policy_rows),
            ("Rate", INSTALMENT_HEADER, instalment_rows)]  # fmt: skip


def as_xlsx(parts: Sequence[tuple[str, Sequence[str], list[list[Any]]]]) -> bytes:
    return workbook(parts)


def as_csv_zip(parts: Sequence[tuple[str, Sequence[str], list[list[Any]]]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for title, header, rows in parts:
            archive.writestr(f"{title.lower()}.csv", csv_bytes(header, rows))
    return out.getvalue()


def check_format(value: str) -> str:
    fmt = (value or "xlsx").lower()
    if fmt not in ("xlsx", "csv"):
        raise ClientError(BAD_FORMAT)
    return fmt


REPORT_HEADER = ("Riga", "Colonna", "Valore", "Motivo")
COUNT_NAMES = {
    "righe": "Righe lette", "scartate": "Righe scartate", "clientiNuovi": "Clienti nuovi",
    "clientiAggiornati": "Clienti aggiornati", "clientiInvariati": "Clienti invariati",
    "polizzeNuove": "Polizze nuove", "polizzeAggiornate": "Polizze aggiornate",
    "polizzeInvariate": "Polizze invariate",
}  # fmt: skip


def report(job: m.ImportJob, fmt: str) -> bytes:
    """An import's report: its bad rows (line, column, value, reason) and its counts."""
    errors = [list(e) for e in job.errors or []]
    counts = [[COUNT_NAMES.get(k, k), v] for k, v in (job.counts or {}).items()]
    counts.insert(0, ["Simulazione", "sì" if job.dry_run else "no"])
    if fmt == "xlsx":
        return workbook([("Righe scartate", REPORT_HEADER, errors),
                         ("Riepilogo", ("Voce", "Numero"), counts)])  # fmt: skip
    body = csv_bytes(REPORT_HEADER, errors)
    tail = csv_bytes(("Voce", "Numero"), counts).removeprefix("\ufeff".encode())
    return body + b"\r\n" + tail


__all__ = ["FIELDS", "as_csv_zip", "as_xlsx", "check_format", "report", "sheets"]
