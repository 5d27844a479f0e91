"""Product plugins' web modules are served under /plugins/{name}/ from their build folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from core.extensions import WebModule
from core.hookspecs import hookimpl
from core.testing import PluginKit

HOST = "http://assicurapp.localhost"


class FakeWebPlugin:
    def __init__(self, dist: Path) -> None:
        self.dist = dist

    @hookimpl
    def web_module(self) -> WebModule:
        return WebModule(name="fake_web", product=None, dist_dir=self.dist)


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    folder = tmp_path / "dist"
    (folder / "assets").mkdir(parents=True)
    (folder / "remoteEntry.js").write_text("export const init = () => {};")
    (folder / "assets" / "chunk-abc123.js").write_text("export default 1;")
    (tmp_path / "secret.txt").write_text("not for the web")
    return folder


async def test_serves_the_remote_entry_uncached_and_chunks_cached(
    plugin_kit: PluginKit, dist: Path
) -> None:
    with plugin_kit(FakeWebPlugin(dist)) as (_runtime, app):
        async with AsyncTestClient(app, base_url=HOST) as client:
            entry = await client.get("/plugins/fake_web/remoteEntry.js")
            chunk = await client.get("/plugins/fake_web/assets/chunk-abc123.js")
    assert entry.status_code == 200
    assert entry.text == "export const init = () => {};"
    assert "javascript" in entry.headers["content-type"]
    assert "no-cache" in entry.headers["cache-control"]
    assert chunk.status_code == 200
    assert "max-age=31536000" in chunk.headers["cache-control"]


@pytest.mark.parametrize(
    "path",
    [
        "/plugins/fake_web/missing.js",
        "/plugins/fake_web/../secret.txt",
        "/plugins/fake_web/%2e%2e/secret.txt",
        "/plugins/fake_web/assets/../../secret.txt",
        "/plugins/unknown_plugin/remoteEntry.js",
        "/plugins/fake_web/assets",
    ],
)
async def test_refuses_anything_outside_a_module_build(
    plugin_kit: PluginKit, dist: Path, path: str
) -> None:
    with plugin_kit(FakeWebPlugin(dist)) as (_runtime, app):
        async with AsyncTestClient(app, base_url=HOST) as client:
            response = await client.get(path)
    assert response.status_code == 404
    assert "not for the web" not in response.text


async def test_an_unbuilt_module_is_a_404_and_not_advertised(
    plugin_kit: PluginKit, tmp_path: Path
) -> None:
    with plugin_kit(FakeWebPlugin(tmp_path / "never-built")) as (_runtime, app):
        async with AsyncTestClient(app, base_url=HOST) as client:
            response = await client.get("/plugins/fake_web/remoteEntry.js")
    assert response.status_code == 404
