"""The tenant's settings row changed by requests at once: folders up to the limit, every one
kept, and a setting saved meanwhile kept too."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import new_id
from tests.integration.races.conftest import LiveHttp, at_once

TENANT = "assicurapp"
FOLDER_LIMIT = 100  # the document area holds at most 100 folders


async def _stored(server: LiveHttp) -> m.TenantSettings:
    with tenant_scope(TENANT):
        async with server.runtime.db.session() as session:
            return (await session.execute(select(m.TenantSettings))).scalar_one()


async def test_folders_and_a_setting_saved_at_once_are_all_kept(server: LiveHttp) -> None:
    with tenant_scope(TENANT):
        async with server.runtime.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one()
            present = [{"id": new_id(), "name": f"Vecchia {n}", "roles": []} for n in range(95)]
            stored.data = {**(stored.data or {}), "cartelle": present}
    async with await server.as_user(TENANT, "admin@demo.it") as http:
        folders = [
            http.post("/api/area-documentale/cartelle", json={"name": f"Nuova {n}", "roles": []})
            for n in range(10)
        ]
        title = http.put("/api/settings", json={"title": "Studio Rossi"})
        *made, saved = await at_once([*folders, title])
    assert saved.status_code == 200, saved.text
    assert Counter(a.status_code for a in made) == {201: 5, 400: 5}
    refused = next(a for a in made if a.status_code == 400)
    assert refused.json()["error"]["message"] == "Al massimo 100 cartelle"
    data = (await _stored(server)).data
    assert data["title"] == "Studio Rossi"
    names = [folder["name"] for folder in data["cartelle"]]
    assert len(names) == FOLDER_LIMIT
    assert {a.json()["name"] for a in made if a.status_code == 201} <= set(names)
