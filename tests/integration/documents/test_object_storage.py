"""Documents on both stores, the local folder and an S3 bucket (moto's server on loopback):
upload, list, download whole and by range, thumbnail, delete, quota; keys never leave their
tenant; a bad ``Range`` never breaks a download; an unreachable store is a clear 503."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import MB, storage_of
from core.runtime import Runtime
from core.settings import Settings
from core.storage import UNAVAILABLE, DocumentStore
from core.testing import ClientFactory, headers_for, user_ids
from tests.integration.auth.helpers import error_message
from tests.integration.people.helpers import call
from tests.integration.quotes.helpers import agent_quote
from tests.object_store import free_port, on_bucket

TENANT = "assicurapp"
OTHER = "rcadealer"
CONTENT = bytes(range(256)) * 40  # 10240 bytes, every offset telling
SECURE = {"x-content-type-options": "nosniff", "cache-control": "private, max-age=300"}


@pytest.fixture(params=["local", "s3"])
def documents(request: pytest.FixtureRequest, seeded: Runtime) -> Runtime:
    """The app's runtime, its documents in the local folder or in a fresh bucket."""
    if request.param == "s3":
        seeded.settings = request.getfixturevalue("s3_settings")
    return seeded


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (640, 480), (20, 120, 200)).save(out, "PNG")
    return out.getvalue()


async def _upload(
    clients: ClientFactory, runtime: Runtime, files: dict[str, Any], who: str = "admin"
) -> Any:
    quote = await agent_quote(runtime, TENANT)
    headers = await headers_for(runtime, TENANT, who)
    async with clients(TENANT) as client:
        return await client.post(
            "/uploadDocs",
            headers=headers,
            data={"preventivoId": quote.id, "idToUpload": "libretto"},
            files=files,
        )


async def _uploaded(clients: ClientFactory, runtime: Runtime) -> dict[str, Any]:
    response = await _upload(
        clients, runtime, {"file.0": ("contratto.bin", CONTENT, "application/octet-stream")}
    )
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()[0]
    return document


async def _get(
    clients: ClientFactory,
    runtime: Runtime,
    uri: str,
    tenant: str = TENANT,
    who: str = "agente",
    **headers: str | bytes,
) -> Any:
    sent = {**await headers_for(runtime, tenant, who), **headers}
    raw = [(k.encode(), v if isinstance(v, bytes) else v.encode()) for k, v in sent.items()]
    async with clients(tenant) as client:
        return await client.get(uri, headers=raw)


def _keys(store: DocumentStore) -> set[str]:
    return {stored.key for stored in store.files(TENANT)}


async def _rows(runtime: Runtime) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Document.id)))).scalar_one())


async def test_upload_list_download_thumbnail_and_delete(
    clients: ClientFactory, documents: Runtime
) -> None:
    """In a folder of the document area: its files listed, served, and gone with it."""
    store = storage_of(documents.settings)
    before = _keys(store)
    area = "/api/area-documentale"
    made = await call(clients, documents, "admin", "POST", f"{area}/cartelle",
                      {"name": "Contratti", "roles": []})  # fmt: skip
    assert made.status_code == 201, made.text
    folder = made.json()["id"]
    admin = await headers_for(documents, TENANT, "admin")
    async with clients(TENANT) as client:
        response = await client.post(
            "/uploadDocs", headers=admin, data={"areaId": folder},
            files={"file.0": ("foto.png", _png(), "image/png"),
                   "file.1": ("contratto.pdf", b"%PDF-1.4\n" + CONTENT, "application/pdf")},
        )  # fmt: skip
    assert response.status_code == 200, response.text
    image, pdf = response.json()
    key, thumb_key, pdf_key = (image["uri"], image["thumb"], pdf["uri"])
    keys = {uri.rsplit("/", 1)[1] for uri in (key, thumb_key, pdf_key)}
    assert _keys(store) - before == keys
    assert store.size(TENANT, pdf_key.rsplit("/", 1)[1]) == len(CONTENT) + 9
    listed = await call(clients, documents, "admin", "GET", area)
    assert {d["name"] for d in listed.json()} == {"foto.png", "contratto.pdf"}

    whole = await _get(clients, documents, key.replace("/upload/", "/download/"), who="admin")
    assert whole.status_code == 200
    assert whole.content == _png()
    assert whole.headers["content-length"] == str(len(_png()))
    assert whole.headers["accept-ranges"] == "bytes"
    assert whole.headers["content-disposition"] == 'attachment; filename="foto.png"'
    assert SECURE.items() <= whole.headers.items()
    inline = await _get(clients, documents, pdf_key, who="admin")
    assert inline.headers["content-disposition"] == 'inline; filename="contratto.pdf"'
    assert inline.headers["content-type"] == "application/pdf"
    assert inline.content == b"%PDF-1.4\n" + CONTENT
    thumb = await _get(clients, documents, thumb_key, who="admin")
    assert thumb.headers["content-type"] == "image/jpeg"
    with Image.open(io.BytesIO(thumb.content)) as small:
        assert (small.format, max(small.size) <= 240) == ("JPEG", True)

    gone = await call(clients, documents, "admin", "DELETE", f"{area}/cartelle/{folder}")
    assert gone.status_code == 200, gone.text
    assert _keys(store) == before
    assert (await _get(clients, documents, key, who="admin")).status_code == 404


@pytest.mark.parametrize(
    ("header", "status", "part", "content_range"),
    [
        ("bytes=0-9", 206, slice(0, 10), "bytes 0-9/10240"),
        ("bytes=10000-", 206, slice(10000, None), "bytes 10000-10239/10240"),
        ("bytes=-16", 206, slice(-16, None), "bytes 10224-10239/10240"),
        ("bytes=10200-99999", 206, slice(10200, None), "bytes 10200-10239/10240"),
        ("bytes=5-2", 200, slice(None), None),
        ("bytes=0-1,5-6", 200, slice(None), None),
        ("lines=0-1", 200, slice(None), None),
        ("bytes=" + "9" * 40 + "-", 200, slice(None), None),
        ("bytes=\u00bd-".encode("latin-1"), 200, slice(None), None),
    ],
)
async def test_a_download_honours_one_range(
    clients: ClientFactory,
    documents: Runtime,
    header: str | bytes,
    status: int,
    part: slice,
    content_range: str | None,
) -> None:
    document = await _uploaded(clients, documents)
    got = await _get(clients, documents, document["uri"], range=header)
    assert got.status_code == status
    assert got.content == CONTENT[part]
    assert got.headers["content-length"] == str(len(CONTENT[part]))
    assert got.headers.get("content-range") == content_range
    assert got.headers["content-disposition"].startswith("attachment")  # not an inline type
    assert SECURE.items() <= got.headers.items()


@pytest.mark.parametrize("header", ["bytes=10240-", "bytes=99999-100000", "bytes=-0"])
async def test_a_range_past_the_end_is_416(
    clients: ClientFactory, documents: Runtime, header: str
) -> None:
    document = await _uploaded(clients, documents)
    got = await _get(clients, documents, document["uri"], range=header)
    assert got.status_code == 416
    assert got.headers["content-range"] == "bytes */10240"
    assert "non disponibile" in got.text


async def test_an_if_range_gets_the_whole_file(clients: ClientFactory, documents: Runtime) -> None:
    document = await _uploaded(clients, documents)
    got = await _get(clients, documents, document["uri"], range="bytes=0-1", **{"if-range": "x"})
    assert (got.status_code, got.content) == (200, CONTENT)


async def test_another_tenant_reads_nothing(clients: ClientFactory, documents: Runtime) -> None:
    document = await _uploaded(clients, documents)
    key = document["uri"].rsplit("/", 1)[1]
    for uri in (document["uri"], f"/download/{OTHER}/{key}", f"/upload/{OTHER}/{key}"):
        got = await _get(clients, documents, uri, tenant=OTHER)
        assert got.status_code == 404, uri
        assert CONTENT not in got.content
    store = storage_of(documents.settings)
    assert store.size(OTHER, key) is None
    with pytest.raises(FileNotFoundError):
        store.open(OTHER, key)


@pytest.mark.parametrize("key", ["..", "../x", "a/b", "..%2Fassicurapp%2Fx", "%2e%2e", ".x."])
async def test_a_key_that_is_not_a_plain_name_is_refused(
    clients: ClientFactory, documents: Runtime, key: str
) -> None:
    document = await _uploaded(clients, documents)
    got = await _get(clients, documents, f"/download/{TENANT}/{key}")
    assert got.status_code == 404
    assert CONTENT not in got.content
    store = storage_of(documents.settings)
    plain = key.replace("%2F", "/").replace("%2e", ".")
    assert store.size(TENANT, plain) is None
    with pytest.raises(FileNotFoundError):
        await store.stream(TENANT, plain, 0, 1)
    with pytest.raises(ValueError, match="nome di file non valido"):
        store.put(TENANT, plain, io.BytesIO(b"x"))
    with pytest.raises(ValueError, match="nome di file non valido"):
        store.put("..", document["uri"].rsplit("/", 1)[1], io.BytesIO(b"x"))


async def test_the_quota_holds_on_every_store(clients: ClientFactory, documents: Runtime) -> None:
    settings = documents.settings
    documents.settings = settings.model_copy(
        update={"uploads": settings.uploads.model_copy(update={"user_quota_mb": 1})}
    )
    store = storage_of(documents.settings)
    before, rows = _keys(store), await _rows(documents)
    response = await _upload(
        clients, documents,
        {"file.0": ("a.bin", b"a" * (MB // 2), "application/octet-stream"),
         "file.1": ("b.bin", b"b" * (MB // 2 + 1), "application/octet-stream")},
    )  # fmt: skip
    assert response.status_code == 413
    assert "i tuoi documenti hanno raggiunto il limite di 1 mega" in error_message(response)
    assert (_keys(store), await _rows(documents)) == (before, rows)


async def test_a_large_upload_goes_in_parts_and_comes_back_whole(
    clients: ClientFactory, seeded: Runtime, s3_settings: Settings
) -> None:
    seeded.settings = s3_settings
    big = bytes(range(251)) * (12 * MB // 251)  # past obstore's 5 MB part size: multipart
    response = await _upload(clients, seeded, {"file.0": ("big.bin", big, "application/zip")})
    assert response.status_code == 200, response.text
    uri = response.json()[0]["uri"]
    got = await _get(clients, seeded, uri)
    assert (got.status_code, len(got.content), got.content == big) == (200, len(big), True)
    tail = await _get(clients, seeded, uri, range=f"bytes={6 * MB}-{6 * MB + 99}")
    assert tail.content == big[6 * MB : 6 * MB + 100]


async def test_an_unreachable_store_is_a_clear_503(
    clients: ClientFactory, seeded: Runtime, s3_settings: Settings
) -> None:
    seeded.settings = s3_settings
    document = await _uploaded(clients, seeded)
    rows = await _rows(seeded)
    bucket = s3_settings.storage.bucket()
    assert bucket is not None
    seeded.settings = on_bucket(s3_settings, f"http://127.0.0.1:{free_port()}", bucket[0])

    got = await _get(clients, seeded, document["uri"])
    assert got.status_code == 503
    assert error_message(got) == UNAVAILABLE
    response = await _upload(clients, seeded, {"file.0": ("x.pdf", b"%PDF", "application/pdf")})
    assert response.status_code == 503
    assert error_message(response) == UNAVAILABLE
    assert await _rows(seeded) == rows
    assert s3_settings.storage.secret_access_key.get_secret_value() not in repr(seeded.settings)


async def test_the_logo_lives_in_the_store_and_reaches_the_statement(
    clients: ClientFactory, documents: Runtime
) -> None:
    store = storage_of(documents.settings)
    admin = await headers_for(documents, TENANT, "admin")
    logos = []
    for colour in ((200, 10, 10), (10, 200, 10)):
        out = io.BytesIO()
        Image.new("RGB", (120, 40), colour).save(out, "PNG")
        async with clients(TENANT) as client:
            answer = await client.post(
                "/api/settings/logo", headers=admin,
                files={"file.0": ("logo.png", out.getvalue(), "image/png")},
            )  # fmt: skip
        assert answer.status_code == 200, answer.text
        logos.append((answer.json()["logo"], out.getvalue()))
    (old, _), (logo, content) = logos
    assert old.rsplit("/", 1)[1] not in _keys(store)  # the replaced logo is gone
    async with clients(TENANT) as client:
        served = await client.get(logo)
        assert (await client.get(old)).status_code == 404
    assert (served.status_code, served.content) == (200, content)
    assert served.headers["content-type"] == "image/png"
    assert served.headers["content-disposition"].startswith("inline")

    ids = await user_ids(documents, TENANT)
    agent = await headers_for(documents, TENANT, "agente")
    async with clients(TENANT) as client:
        pdf = await client.get(f"/api/saldo/{ids['agente']}/estratto.pdf", headers=agent)
    assert pdf.status_code == 200
    images = PdfReader(io.BytesIO(pdf.content)).pages[0].images
    sizes = {image.image.size for image in images if image.image is not None}
    assert (120, 40) in sizes
