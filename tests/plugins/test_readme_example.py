"""The guide's example line is a real file (``examples/my_product/plugin.py``): the guide
(docs/writing-a-product-line.md) quotes it verbatim, and registered on a tenant that offers the
line it works as described."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.plugins import load_plugins, registered
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, serving
from examples.my_product import plugin as example
from tests.meta.doc_pages import PRODUCT_LINE_GUIDE, section

TENANT = "assicurapp"


def test_the_guide_quotes_the_example_file_verbatim() -> None:
    text = section(PRODUCT_LINE_GUIDE, "## A minimal product line")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert Path(example.__file__).read_text() in blocks


@pytest.fixture
async def live(settings: Settings, runtime: Runtime, tmp_path: Path) -> AsyncIterator[Live]:
    """assicurapp offering the example's line besides its own."""
    tenants = settings.app.tenants_file.read_text()
    offered = "    products: [noleggio-auto, prestiti]\n    assistenza:"
    assert offered in tenants
    changed = tenants.replace(
        offered, "    products: [noleggio-auto, prestiti, my-product]\n    assistenza:", 1
    )
    (tmp_path / "tenants.yaml").write_text(changed)
    with_line = settings.model_copy(
        update={"app": settings.app.model_copy(update={"tenants_file": tmp_path / "tenants.yaml"})}
    )
    pm = load_plugins()
    with registered(pm, example, name="my_product"):
        built = Runtime.build(with_line, pm)
        try:
            async with serving(with_line, built) as server:
                yield server
        finally:
            await built.db.dispose()


async def _token(live: Live, tenant: str, who: str) -> str:
    socket = await live.client(tenant)
    await socket.handshake()
    token: str = (await socket.login(f"{who}@demo.it"))["token"]
    return token


async def _get(live: Live, tenant: str, path: str, token: str) -> httpx.Response:
    host = live.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        return await http.get(path, headers={"Host": host, "Authorization": f"Bearer {token}"})


async def test_the_example_line_answers_whom_it_should(live: Live) -> None:
    admin = await _token(live, TENANT, "admin")
    hello = await _get(live, TENANT, "/api/my-product/", admin)
    assert hello.status_code == 200, hello.text
    assert hello.json() == {"ciao": "Alessandra Amministratrice"}
    menu = (await _get(live, TENANT, "/api/auth/me", admin)).json()["menu"]
    assert "my-product" in [entry["key"] for entry in menu]

    with tenant_scope(TENANT):  # the agent keeps the other lines, not this one
        async with live.runtime.db.session() as session:
            user = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
            user.extra_products = ["noleggio-auto"]
    agent = await _token(live, TENANT, "agente")
    refused = await _get(live, TENANT, "/api/my-product/", agent)
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["message"] == "Prodotto non abilitato per il tuo utente"
    socket = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Prodotto non abilitato per il tuo utente"):
        await socket.invoke("myProduct.greet")
    admin_socket = await live.logged_in(TENANT, "admin")
    assert await admin_socket.invoke("myProduct.greet") == {"ciao": "Alessandra Amministratrice"}

    # A tenant that does not offer the line: the route is not there, nor the call.
    other = await _token(live, "rcadealer", "admin")
    assert (await _get(live, "rcadealer", "/api/my-product/", other)).status_code == 404
    elsewhere = await live.logged_in("rcadealer", "admin")
    with pytest.raises(CallFailed, match="Chiamata sconosciuta"):
        await elsewhere.invoke("myProduct.greet")
