"""The installable app: each tenant's manifest, icons and themed page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from core.domain.settings.app_icons import Look, draw_icon, initials
from core.http.spa import tenant_index
from core.runtime import Runtime
from core.testing import ClientFactory


@pytest.mark.parametrize(
    ("tenant", "name", "colour"),
    [("rcadealer", "RCA Dealer", "#c62828"), ("assicurapp", "Assicurapp", "#1565c0")],
)
async def test_each_tenant_gets_its_own_manifest(
    clients: ClientFactory, tenant: str, name: str, colour: str
) -> None:
    async with clients(tenant) as client:
        answer = await client.get("/manifest.webmanifest")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/manifest+json")
        data = answer.json()
        assert data["name"] == name
        assert data["theme_color"] == colour
        assert (data["start_url"], data["scope"], data["display"], data["lang"]) == (
            "/",
            "/",
            "standalone",
            "it",
        )
        assert [icon["sizes"] for icon in data["icons"]] == ["192x192", "512x512"]
        again = await client.get(
            "/manifest.webmanifest", headers={"if-none-match": answer.headers["etag"]}
        )
        assert again.status_code == 304


async def test_icons_are_pngs_of_their_size(clients: ClientFactory) -> None:
    async with clients("rcadealer") as client:
        for size in (192, 512):
            answer = await client.get(f"/app-icons/{size}.png")
            assert answer.status_code == 200
            assert answer.headers["content-type"] == "image/png"
            image = Image.open(io.BytesIO(answer.content))
            corner = image.convert("RGB").getpixel((2, 2))
            assert (image.format, image.size) == ("PNG", (size, size))
            assert corner == (0xC6, 0x28, 0x28)  # the tenant colour
        refused = await client.get("/app-icons/4096.png")
        assert refused.status_code == 404
        assert refused.json()["error"]["message"]


async def test_an_unknown_host_gets_no_manifest(clients: ClientFactory) -> None:
    for path in ("/manifest.webmanifest", "/app-icons/192.png"):
        answer = await clients("evil.example").get(path)
        assert answer.status_code == 404
        assert answer.json()["error"]["message"] == "Sito non trovato"


def test_a_raster_logo_is_drawn_on_the_colour() -> None:
    logo = io.BytesIO()
    Image.new("RGB", (300, 100), (0, 200, 0)).save(logo, format="PNG")
    png = draw_icon(
        Look("assicurapp", "Assicurapp", "#123456", "/tenant-logo/x.png"), logo.getvalue(), 192
    )
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (192, 192)
    assert image.getpixel((1, 1)) == (0x12, 0x34, 0x56)
    assert image.getpixel((96, 96)) == (0, 200, 0)


def test_a_broken_logo_falls_back_to_the_initials() -> None:
    png = draw_icon(
        Look("rcadealer", "RCA Dealer", "#c62828", "/tenant-logo/x.png"), b"not a png", 192
    )
    assert Image.open(io.BytesIO(png)).size == (192, 192)
    assert initials("RCA Dealer") == "RD"
    assert initials("Assicurapp") == "AS"
    assert initials("") == "?"


def test_the_page_carries_the_tenant_colour(tmp_path: Path, runtime: Runtime) -> None:
    index = tmp_path / "index.html"
    index.write_text('<head><meta name="theme-color" content="#1565c0" /></head>')
    page = tenant_index(index, runtime.tenants.get("rcadealer"))  # type: ignore[arg-type]
    assert b'<meta name="theme-color" content="#c62828"' in page
