"""POST /uploadDocs and the download links: sizes, roles, tenants, thumbnails, allegati."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import MB, storage_of
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, token_for
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote, load

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
PDF = b"%PDF-1.4\n%demo\n"


def _png(size: tuple[int, int] = (800, 600)) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", size, (200, 30, 30, 128)).save(out, "PNG")
    return out.getvalue()


async def _documents(runtime: Runtime, tenant: str = TENANT) -> int:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(func.count()).select_from(m.Document)
            return int((await session.execute(stmt)).scalar_one())


def _stored_files(runtime: Runtime, tenant: str = TENANT) -> set[str]:
    return {stored.key for stored in storage_of(runtime.settings).files(tenant)}


async def _upload(
    clients: ClientFactory,
    runtime: Runtime,
    who: str,
    data: dict[str, str],
    files: dict[str, Any],
    tenant: str = TENANT,
) -> Any:
    token = await token_for(runtime, tenant, f"{who}@demo.it")
    async with clients(tenant) as client:
        return await client.post("/uploadDocs", headers={"token": token}, data=data, files=files)


async def test_a_manager_uploads_to_a_quote(clients: ClientFactory, seeded: Runtime) -> None:
    quote = await agent_quote(seeded, TENANT)
    response = await _upload(
        clients, seeded, "responsabile", {"preventivoId": quote.id, "idToUpload": "libretto"},
        {"file.0": ("foto auto.png", _png(), "image/png"),
         "file.1": ("contratto.pdf", PDF, "application/pdf"),
         "file.2": ("vuoto.txt", b"", "text/plain")},
    )  # fmt: skip

    assert response.status_code == 200, response.text
    image, pdf, empty = response.json()
    assert (image["name"], image["fileType"]) == ("foto auto.png", "image/png")
    assert image["uri"].startswith(f"/upload/{TENANT}/")
    assert image["thumb"]
    assert (pdf["fileType"], pdf["thumb"]) == ("application/pdf", None)
    assert empty == {"name": "vuoto.txt", "err": "File vuoto"}
    stored = await load(seeded, TENANT, m.Quote, quote.id)
    assert stored.allegati["libretto"]["files"][-2:] == [image["_id"], pdf["_id"]]

    agent = await headers_for(seeded, TENANT, "agente")
    async with clients(TENANT) as client:
        download = image["uri"].replace("/upload/", "/download/")
        got = await client.get(f"{download}?n=auto.png", headers=agent)
        thumb = await client.get(image["thumb"], headers=agent)
        inline = await client.get(pdf["uri"], headers=agent)
    assert got.status_code == 200
    assert got.content == _png()
    assert 'attachment; filename="auto.png"' in got.headers["content-disposition"]
    assert got.headers["x-content-type-options"] == "nosniff"
    with Image.open(io.BytesIO(thumb.content)) as small:
        assert small.format == "JPEG"
        assert max(small.size) <= 240
    assert inline.headers["content-disposition"].startswith("inline")
    assert inline.content == PDF


async def test_an_oversize_file_stores_nothing(clients: ClientFactory, seeded: Runtime) -> None:
    quote = await agent_quote(seeded, TENANT)
    before, files_before = await _documents(seeded), _stored_files(seeded)
    response = await _upload(
        clients, seeded, "admin", {"preventivoId": quote.id, "idToUpload": "libretto"},
        {"file.0": ("piccolo.pdf", PDF, "application/pdf"),
         "file.1": ("enorme.pdf", b"0" * (20 * MB + 1), "application/pdf")},
    )  # fmt: skip
    assert response.status_code == 413
    assert error_message(response) == (
        "Non é possibile caricare enorme.pdf in quanto supera la dimensione massima di 20 mega"
    )
    assert await _documents(seeded) == before
    assert _stored_files(seeded) == files_before
    assert (await load(seeded, TENANT, m.Quote, quote.id)).allegati == quote.allegati


@pytest.mark.parametrize("who", ["agente", "subagente", "segnalatore", "dipendente"])
async def test_only_can_edit_uploads_to_quotes(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    quote = await agent_quote(seeded, TENANT)
    before = await _documents(seeded)
    response = await _upload(
        clients, seeded, who, {"preventivoId": quote.id, "idToUpload": "libretto"},
        {"file.0": ("x.pdf", PDF, "application/pdf")},
    )  # fmt: skip
    assert response.status_code == 403
    assert await _documents(seeded) == before


async def test_another_tenants_quote_is_not_found(clients: ClientFactory, seeded: Runtime) -> None:
    foreign = await agent_quote(seeded, "rcadealer")
    before = await _documents(seeded, "rcadealer")
    response = await _upload(
        clients, seeded, "admin", {"preventivoId": foreign.id, "idToUpload": "libretto"},
        {"file.0": ("x.pdf", PDF, "application/pdf")},
    )  # fmt: skip
    assert (response.status_code, error_message(response)) == (404, "Preventivo non trovato")
    assert await _documents(seeded, "rcadealer") == before


async def test_downloads_follow_the_agent_tree_and_the_tenant(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, TENANT)
    response = await _upload(
        clients, seeded, "admin", {"preventivoId": quote.id, "idToUpload": "documento"},
        {"file.0": ("ci.pdf", PDF, "application/pdf")},
    )  # fmt: skip
    uri = response.json()[0]["uri"].replace("/upload/", "/download/")
    async with clients(TENANT) as client:
        sub = await client.get(uri, headers=await headers_for(seeded, TENANT, "subagente"))
        anonymous = await client.get(uri)
    other_admin = await headers_for(seeded, "rcadealer", "admin")
    async with clients("rcadealer") as client:
        exact = await client.get(uri, headers=other_admin)  # this file, from the other host
        inline = await client.get(uri.replace("/download/", "/upload/"), headers=other_admin)
        rewritten = await client.get(uri.replace(f"/{TENANT}/", "/rcadealer/"), headers=other_admin)
    assert (sub.status_code, error_message(sub)) == (404, "Documento non trovato")
    assert anonymous.status_code == 401
    for foreign in (exact, inline, rewritten):
        assert (foreign.status_code, error_message(foreign)) == (404, "Documento non trovato")
        assert foreign.content != PDF


async def test_an_avatar_only_for_oneself(clients: ClientFactory, seeded: Runtime) -> None:
    ids: dict[str, str] = {}
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            for user in (await session.execute(select(m.User))).scalars():
                ids[user.email.split("@")[0]] = user.id
    avatar = {"file.0": ("me.png", _png((64, 64)), "image/png")}
    others = await _upload(clients, seeded, "agente", {"usrId": ids["subagente"]}, avatar)
    mine = await _upload(clients, seeded, "agente", {"usrId": ids["agente"]}, avatar)
    assert others.status_code == 403
    assert mine.status_code == 200
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            agent = await session.get(m.User, ids["agente"])
            sub = await session.get(m.User, ids["subagente"])
    assert agent is not None
    assert sub is not None
    assert agent.photo == mine.json()[0]["uri"]
    assert sub.photo is None


@pytest.mark.parametrize(
    ("data", "files", "message"),
    [
        ({"idToUpload": "x"}, {"file.0": ("a.pdf", PDF, "application/pdf")}, "Indica uno tra"),
        ({"preventivoId": "QID"}, {"file.0": ("a.pdf", PDF, "application/pdf")}, "idToUpload"),
        ({"preventivoId": "QID", "idToUpload": "x"}, {}, "Nessun file ricevuto"),
    ],
)
async def test_bad_uploads_are_explained(
    clients: ClientFactory, seeded: Runtime, data: dict[str, str], files: Any, message: str
) -> None:
    quote = await agent_quote(seeded, TENANT)
    data = {k: v.replace("QID", quote.id) for k, v in data.items()}
    response = await _upload(clients, seeded, "admin", data, files or {"altro": ("a", b"x")})
    assert response.status_code == 400
    assert message in error_message(response)
