"""Uploads sent together: the storage quota holds, and every file accepted is listed on its
quote (the quota is checked again, and the quote locked, once the files are stored)."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import new_id
from core.testing import get_user
from tests.integration.races.conftest import LiveHttp, at_once

TENANT = "assicurapp"
MB = 1024 * 1024
FILE = b"%PDF-1.4\n" + b"x" * 20_000
ROOM_FOR = 3  # files of this size that still fit the user's quota


def _form(quote_id: str, n: int) -> dict[str, str]:
    return {"preventivoId": quote_id, "idToUpload": f"tipo-{n}"}


def _file(n: int) -> dict[str, tuple[str, bytes, str]]:
    return {"file.0": (f"doc-{n}.pdf", FILE, "application/pdf")}


async def test_uploads_at_once_fit_the_quota_and_all_reach_the_quote(server: LiveHttp) -> None:
    runtime = server.runtime
    admin = await get_user(runtime, TENANT, "admin@demo.it")
    quota = runtime.settings.uploads.user_quota_mb * MB
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = (await session.execute(select(m.Quote).limit(1))).scalar_one()
            used = select(func.coalesce(func.sum(m.Document.size), 0)).where(
                m.Document.uploaded_by == admin.id
            )
            already = int((await session.execute(used)).scalar_one())
            session.add(m.Document(
                owner_kind="preventivo", owner_id=quote.id, doc_type="archivio", name="a.pdf",
                uri=f"/upload/{TENANT}/{new_id()}", storage_key=new_id(),
                size=quota - already - ROOM_FOR * len(FILE), uploaded_by=admin.id,
            ))  # fmt: skip
    async with await server.as_user(TENANT, "admin@demo.it") as http:
        answers = await at_once(
            http.post("/uploadDocs", data=_form(quote.id, n), files=_file(n)) for n in range(8)
        )
    assert Counter(a.status_code for a in answers) == {200: ROOM_FOR, 413: 8 - ROOM_FOR}
    refused = next(a for a in answers if a.status_code == 413)
    assert refused.json()["error"]["message"] == (
        "Spazio esaurito: i tuoi documenti hanno raggiunto il limite di 2048 mega"
    )
    accepted = {a.json()[0]["_id"] for a in answers if a.status_code == 200}
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stored = await session.get(m.Quote, quote.id)
            total = int((await session.execute(used)).scalar_one())
    assert stored is not None
    listed = {d for entry in stored.allegati.values() for d in entry["files"]}
    assert accepted <= listed
    assert total == quota
