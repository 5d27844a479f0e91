"""Remittances, rows and reconciliation lines as the wire carries them (amounts as JSON
numbers exact to the cent, :func:`core.money.as_number`)."""

from __future__ import annotations

from typing import Any

from core.db import models as m
from core.domain.policies.payment_rules import method_label
from core.domain.remittances.figures import Row, Totals
from core.money import as_number

KIND_LABELS = {"appendice": "Appendice", "rimborso": "Rimborso"}


def totals_payload(totals: Totals) -> dict[str, Any]:
    return {
        "rows": totals.rows, "gross": as_number(totals.gross),
        "commission": as_number(totals.commission), "amount": as_number(totals.amount),
    }  # fmt: skip


def instalment_label(row: Row) -> str:
    """``Unico``, ``2``, ``3 · Rimborso``."""
    if row.n == 0:
        return "Unico"
    kind = KIND_LABELS.get(row.kind or "")
    return f"{row.n} · {kind}" if kind else str(row.n)


def row_payload(row: Row) -> dict[str, Any]:
    return {
        "policyId": row.policy_id, "number": row.number, "customer": row.customer, "n": row.n,
        "kind": row.kind, "instalment": instalment_label(row), "paidOn": row.paid_on.isoformat(),
        "gross": as_number(row.gross), "commission": as_number(row.commission),
        "toRemit": as_number(row.to_remit),
        "link": {"name": "polizza", "params": {"id": row.policy_id}},
    }  # fmt: skip


def remittance_payload(row: m.Remittance) -> dict[str, Any]:
    return {
        "_id": row.id, "company": row.company, "from": row.period_from.isoformat(),
        "to": row.period_to.isoformat(), "rows": row.rows, "gross": as_number(row.gross),
        "commission": as_number(row.commission), "amount": as_number(row.amount),
        "status": row.status, "paidOn": row.paid_on.isoformat() if row.paid_on else None,
        "method": row.method, "methodLabel": method_label(row.method) if row.method else None,
        "reference": row.reference, "createdBy": row.created_by,
        "createdAt": row.created_at.isoformat() if row.created_at else None,
        "openDifferences": row.open_differences,
    }  # fmt: skip


def line_payload(line: m.ReconciliationLine) -> dict[str, Any]:
    def money(value: Any) -> float | int | None:
        return None if value is None else as_number(value)

    return {
        "_id": line.id, "number": line.policy_number, "instalment": line.instalment,
        "lines": line.statement_lines, "result": line.result,
        "ourGross": money(line.our_gross), "ourCommission": money(line.our_commission),
        "theirGross": money(line.their_gross), "theirCommission": money(line.their_commission),
        "resolved": line.resolved, "note": line.note, "resolvedBy": line.resolved_by,
        "resolvedAt": line.resolved_at.isoformat() if line.resolved_at else None,
    }  # fmt: skip
