"""``salvaImposte``: the socket twin of ``PUT /api/settings/taxes``."""

from __future__ import annotations

from typing import Any

from core.domain.taxes.save import save_tax_table
from core.domain.taxes.table import TaxTableBody
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.validation import parse

INVALID_TABLE = "Tabella imposte non valida"


async def save_taxes_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{rami, province, ssn}`` → ``{imposte}`` as stored."""
    actor = logged_in(ctx)
    body = parse(TaxTableBody, data, INVALID_TABLE)
    return {"imposte": await save_tax_table(ctx.session, actor, body)}
