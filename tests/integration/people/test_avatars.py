"""A user's photo (SPEC §2 'Avatar editing is allowed only if canEdit', §7 `usrId` + `file.0`):
one's own always, another user's only with canEdit; never a non-image or an oversized one."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from core.runtime import Runtime
from core.testing import ClientFactory, token_for
from tests.integration.people.helpers import TENANT, demo_ids, stored_user

pytestmark = pytest.mark.usefixtures("seeded")


def _png(size: tuple[int, int] = (64, 64)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (30, 120, 60)).save(out, "PNG")
    return out.getvalue()


async def _photo(
    clients: ClientFactory, runtime: Runtime, who: str, target: str, file: tuple[str, bytes, str]
) -> Any:
    token = await token_for(runtime, TENANT, f"{who}@demo.it")
    async with clients(TENANT) as client:
        return await client.post(
            "/uploadDocs", headers={"token": token}, data={"usrId": target}, files={"file.0": file}
        )


async def test_an_admin_changes_another_users_photo(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    ok = await _photo(clients, seeded, "admin", ids["agente"], ("me.png", _png(), "image/png"))
    assert ok.status_code == 200, ok.text
    user = await stored_user(seeded, ids["agente"])
    assert user is not None
    assert user.photo == ok.json()[0]["uri"]


@pytest.mark.parametrize(
    ("who", "file", "status", "text"),
    [
        ("dipendente", ("me.png", _png(), "image/png"), 403, "Puoi cambiare solo la tua foto"),
        ("agente", ("me.png", _png(), "image/png"), 403, "Puoi cambiare solo la tua foto"),
        ("admin", ("x.pdf", b"%PDF-1.4\n", "application/pdf"), 400, "JPEG, PNG o WebP"),
        ("admin", ("x.png", b"<svg onload=alert(1)>", "image/png"), 400, "JPEG, PNG o WebP"),
        ("admin", ("big.png", b"\x89PNG" + b"0" * (6 * 1024 * 1024), "image/png"), 413, "foto"),
    ],
)
async def test_refused_photos_change_nothing(
    clients: ClientFactory,
    seeded: Runtime,
    who: str,
    file: tuple[str, bytes, str],
    status: int,
    text: str,
) -> None:
    ids = await demo_ids(seeded)
    response = await _photo(clients, seeded, who, ids["subagente"], file)
    assert response.status_code == status, response.text
    assert text in response.json()["error"]["message"]
    user = await stored_user(seeded, ids["subagente"])
    assert user is not None
    assert user.photo is None


async def test_another_tenants_user_is_not_found(clients: ClientFactory, seeded: Runtime) -> None:
    theirs = await demo_ids(seeded, "rcadealer")
    response = await _photo(
        clients, seeded, "admin", theirs["agente"], ("me.png", _png(), "image/png")
    )
    assert response.status_code == 404
    user = await stored_user(seeded, theirs["agente"], "rcadealer")
    assert user is not None
    assert user.photo is None
