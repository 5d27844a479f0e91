"""Uploads with bounds: pixel bombs, avatars that are not images, quotas; each refused in
Italian with nothing stored, and the server's memory untouched."""

from __future__ import annotations

import io
import stat
import struct
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, get_user, token_for
from tests.integration.auth.helpers import error_message
from tests.integration.quotes.helpers import agent_quote
from tests.integration.quotes.test_uploads import _documents, _stored_files

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
BOMB_SIDE = 13_000


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _pixel_bomb() -> bytes:
    """A valid grayscale PNG of 13000 × 13000 black pixels: ~170 KB, 169 MB once decoded."""
    squeeze = zlib.compressobj(9)
    row = b"\x00" * (BOMB_SIDE + 1)
    data = b"".join(squeeze.compress(row) for _ in range(BOMB_SIDE)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", BOMB_SIDE, BOMB_SIDE, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )


def _jpeg(size: tuple[int, int] = (64, 64)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (10, 120, 200)).save(out, "JPEG")
    return out.getvalue()


class PeakMemory:
    """Samples this process's resident memory while a request runs."""

    def __init__(self) -> None:
        self.peak = self.base = self._rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @staticmethod
    def _rss() -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def _sample(self) -> None:
        while not self._stop.wait(0.005):
            self.peak = max(self.peak, self._rss())

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def growth_mb(self) -> float:
        return (self.peak - self.base) / (1024 * 1024)


async def _post(
    clients: ClientFactory, runtime: Runtime, who: str, data: dict[str, str], files: dict[str, Any]
) -> Any:
    token = await token_for(runtime, TENANT, f"{who}@demo.it")
    async with clients(TENANT) as client:
        return await client.post("/uploadDocs", headers={"token": token}, data=data, files=files)


async def _avatar(clients: ClientFactory, runtime: Runtime, name: str, content: bytes) -> Any:
    user = await get_user(runtime, TENANT, "agente@demo.it")
    return await _post(
        clients, runtime, "agente", {"usrId": user.id}, {"file.0": (name, content, "image/png")}
    )


async def test_a_pixel_bomb_avatar_is_refused_without_decoding(
    clients: ClientFactory, seeded: Runtime
) -> None:
    bomb = _pixel_bomb()
    assert len(bomb) < 600_000
    before_rows, before_files = await _documents(seeded), _stored_files(seeded)

    with PeakMemory() as memory:
        answer = await _avatar(clients, seeded, "me.png", bomb)

    assert answer.status_code == 400
    assert error_message(answer) == (
        "Immagine troppo grande: 13000×13000 pixel, al massimo 40 milioni di pixel"
    )
    assert memory.growth_mb < 100
    assert await _documents(seeded) == before_rows
    assert _stored_files(seeded) == before_files
    assert (await get_user(seeded, TENANT, "agente@demo.it")).photo is None


async def test_a_pixel_bomb_document_is_kept_without_a_thumbnail(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, TENANT)
    with PeakMemory() as memory:
        answer = await _post(
            clients, seeded, "responsabile", {"preventivoId": quote.id, "idToUpload": "foto"},
            {"file.0": ("scansione.png", _pixel_bomb(), "image/png")},
        )  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()[0]["thumb"] is None
    assert memory.growth_mb < 100


@pytest.mark.parametrize(
    ("name", "content"),
    [("foto.png", b"<html><script>alert(1)</script></html>"), ("foto.png", b"%PDF-1.4\n"),
     ("foto.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
)  # fmt: skip
async def test_an_avatar_must_be_a_jpeg_png_or_webp(
    clients: ClientFactory, seeded: Runtime, name: str, content: bytes
) -> None:
    before = _stored_files(seeded)
    answer = await _avatar(clients, seeded, name, content)
    assert answer.status_code == 400
    assert error_message(answer) == "La foto deve essere un'immagine JPEG, PNG o WebP"
    assert _stored_files(seeded) == before


async def test_a_real_avatar_is_taken_and_thumbnailed(
    clients: ClientFactory, seeded: Runtime
) -> None:
    answer = await _avatar(clients, seeded, "io.jpg", _jpeg())
    assert answer.status_code == 200, answer.text
    assert answer.json()[0]["thumb"]
    assert (await get_user(seeded, TENANT, "agente@demo.it")).photo == answer.json()[0]["uri"]


async def test_an_oversize_avatar_is_refused(
    clients: ClientFactory, seeded: Runtime, settings: Settings
) -> None:
    padded = _jpeg() + b"\x00" * settings.uploads.avatar_max_bytes
    answer = await _avatar(clients, seeded, "io.jpg", padded)
    assert answer.status_code == 413
    assert error_message(answer) == "La foto supera la dimensione massima di 5 mega"


async def test_a_user_past_the_quota_stores_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, TENANT)
    seeded.settings.uploads.user_quota_mb = 1
    try:
        first = await _post(
            clients, seeded, "responsabile", {"preventivoId": quote.id, "idToUpload": "doc"},
            {"file.0": ("a.bin", b"x" * 700_000, "application/octet-stream")},
        )  # fmt: skip
        assert first.status_code == 200, first.text
        before_rows, before_files = await _documents(seeded), _stored_files(seeded)
        second = await _post(
            clients, seeded, "responsabile", {"preventivoId": quote.id, "idToUpload": "doc"},
            {"file.0": ("b.bin", b"x" * 700_000, "application/octet-stream")},
        )  # fmt: skip
    finally:
        seeded.settings.uploads.user_quota_mb = 2048
    assert second.status_code == 413
    assert error_message(second) == (
        "Spazio esaurito: i tuoi documenti hanno raggiunto il limite di 1 mega"
    )
    assert (await _documents(seeded), _stored_files(seeded)) == (before_rows, before_files)


async def test_stored_files_and_their_folders_are_private(
    clients: ClientFactory, seeded: Runtime
) -> None:
    answer = await _avatar(clients, seeded, "io.jpg", _jpeg())
    assert answer.status_code == 200
    folder = seeded.settings.app.data_dir / "files" / TENANT
    modes = {stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()}
    assert modes == {0o600}
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
