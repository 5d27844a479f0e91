"""The receipt of a pre-contract set: who confirmed (the customer, by the code mailed to their
address) or who went ahead without (an admin, with the reason), when, from which client
address, and the SHA-256 of each document — with whether the stored files still match them
(IVASS Reg. 40/2018, art. 56: the proof of delivery, kept with the contract)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.documents.pdf import sections_pdf
from core.domain.precontract.rui import MISSING
from core.i18n import ROME


def _when(value: Any) -> str:
    return value.astimezone(ROME).strftime("%d/%m/%Y %H:%M:%S") if value else MISSING


async def receipt_payload(
    session: AsyncSession, made: m.PrecontractSet, changed: list[str]
) -> dict[str, Any]:
    """The receipt as the office's quote page shows it."""
    admin = await session.get(m.User, made.override_by) if made.override_by else None
    return {
        "setId": made.id,
        "version": made.version,
        "madeAt": made.made_at.isoformat(),
        "email": made.email,
        "documents": [
            {"index": i, "kind": d.get("kind"), "title": d.get("title"), "name": d.get("name"),
             "sha256": d.get("sha256"), "matches": d.get("kind") not in changed}
            for i, d in enumerate(made.documents)
        ],
        "confirmation": {
            "at": made.confirmed_at.isoformat(), "address": made.confirmed_address,
            "channel": made.confirmed_channel, "hashes": made.confirmed_hashes,
        } if made.confirmed_at else None,
        "override": {
            "at": made.override_at.isoformat(), "by": made.override_by,
            "byName": admin.name if admin else None, "reason": made.override_reason,
        } if made.override_at else None,
        "codesSent": made.codes_sent,
    }  # fmt: skip


def receipt_pdf(
    title: str, customer: str, made: m.PrecontractSet, admin: str | None, changed: list[str]
) -> bytes:
    """The receipt as a PDF."""
    rows = [("Preventivo", made.quote_id), ("Contraente", customer),
            ("Versione dei documenti", str(made.version))]  # fmt: skip
    if made.confirmed_at:
        rows += [
            ("Conferma", "Il cliente ha confermato di aver ricevuto e letto i documenti"),
            ("Firma", "Firma elettronica semplice: codice monouso inviato via e-mail"),
            ("Indirizzo e-mail", made.email or MISSING),
            ("Data e ora", _when(made.confirmed_at)),
            ("Indirizzo del cliente", made.confirmed_address or MISSING),
        ]
    else:
        rows.append(("Conferma", "Il cliente non ha ancora confermato la ricezione"))
    if made.override_at:
        rows += [
            ("Deroga", f"Emissione autorizzata senza conferma da {admin or MISSING}"),
            ("Data della deroga", _when(made.override_at)),
            ("Motivo", made.override_reason or MISSING),
        ]
    documents = [
        (str(d.get("title") or d.get("name")), f"{d.get('name')}\nSHA-256 {d.get('sha256')}"
         + ("\nATTENZIONE: il file conservato non corrisponde" if d.get("kind") in changed
            else ""))
        for d in made.documents
    ]  # fmt: skip
    return sections_pdf(
        f"Ricevuta di consegna dei documenti precontrattuali - {title}",
        "Regolamento IVASS n. 40/2018, artt. 56 e 59",
        [("Consegna", rows), ("Documenti consegnati", documents)],
    )
