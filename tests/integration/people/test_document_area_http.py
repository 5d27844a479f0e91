"""The document area: folders with a visibility per role, uploads and deletion with canEdit,
search by name; a folder's files follow its roles on every read (SPEC §6)."""

from __future__ import annotations

from typing import Any

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, token_for
from tests.integration.people.helpers import TENANT, call, message

pytestmark = pytest.mark.usefixtures("seeded")
PDF = b"%PDF-1.4\n%listino\n"


async def _folder(clients: ClientFactory, runtime: Runtime, name: str, roles: list[str]) -> str:
    body = {"name": name, "roles": roles}
    response = await call(clients, runtime, "admin", "POST", "/api/area-documentale/cartelle", body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def _upload(
    clients: ClientFactory, runtime: Runtime, who: str, folder: str, name: str = "Listino.pdf"
) -> Any:
    token = await token_for(runtime, TENANT, f"{who}@demo.it")
    async with clients(TENANT) as client:
        return await client.post(
            "/uploadDocs", headers={"token": token}, data={"areaId": folder},
            files={"file.0": (name, PDF, "application/pdf")},
        )  # fmt: skip


async def _names(clients: ClientFactory, runtime: Runtime, who: str, query: str = "") -> set[str]:
    response = await call(clients, runtime, who, "GET", f"/api/area-documentale{query}")
    assert response.status_code == 200, response.text
    return {d["name"] for d in response.json()}


async def test_folders_files_and_their_visibility(clients: ClientFactory, seeded: Runtime) -> None:
    everyone = await _folder(clients, seeded, "Modulistica", [])
    managers = await _folder(clients, seeded, "Riservato", ["responsabile"])
    assert (
        await _upload(clients, seeded, "admin", everyone, "Listino 2027.pdf")
    ).status_code == 200
    secret = await _upload(clients, seeded, "responsabile", managers, "Margini.pdf")
    assert secret.status_code == 200, secret.text
    assert await _names(clients, seeded, "agente") == {"Listino 2027.pdf"}
    assert await _names(clients, seeded, "responsabile") == {"Listino 2027.pdf", "Margini.pdf"}
    assert await _names(clients, seeded, "admin", "?q=listino") == {"Listino 2027.pdf"}
    assert await _names(clients, seeded, "admin", "?q=%25") == set()
    assert await _names(clients, seeded, "admin", f"?cartella={managers}") == {"Margini.pdf"}
    uri = secret.json()[0]["uri"]
    agent = await call(clients, seeded, "agente", "GET", uri.replace("/upload/", "/download/"))
    assert agent.status_code == 404
    manager = await call(clients, seeded, "responsabile", "GET", uri)
    assert manager.status_code == 200
    assert manager.content == PDF
    opened = await call(
        clients, seeded, "admin", "PATCH", f"/api/area-documentale/cartelle/{managers}",
        {"name": "Riservato", "roles": []},
    )  # fmt: skip
    assert opened.status_code == 200
    assert await _names(clients, seeded, "agente") == {"Listino 2027.pdf", "Margini.pdf"}
    other = await call(clients, seeded, "admin", "GET", "/api/area-documentale", tenant="rcadealer")
    assert other.json() == []


async def test_only_editors_manage_the_area(clients: ClientFactory, seeded: Runtime) -> None:
    folder = await _folder(clients, seeded, "Manuali", [])
    for who in ("agente", "dipendente", "segnalatore"):
        upload = await _upload(clients, seeded, who, folder)
        assert upload.status_code == 403, who
        create = await call(clients, seeded, who, "POST", "/api/area-documentale/cartelle",
                            {"name": "Mia", "roles": []})  # fmt: skip
        assert create.status_code == 403, who
        remove = await call(
            clients, seeded, who, "DELETE", f"/api/area-documentale/cartelle/{folder}"
        )
        assert remove.status_code == 403, who
    assert await _names(clients, seeded, "agente") == set()
    missing = await _upload(clients, seeded, "admin", "nessuna")
    assert (missing.status_code, message(missing)) == (404, "Cartella non trovata")


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ({"name": "", "roles": []}, "Dati non validi"),
        ({"name": "X", "roles": ["capo"]}, "Ruolo sconosciuto"),
        ({"name": "Manuali", "roles": []}, "Esiste già una cartella"),
        ({"name": "X", "roles": [], "owner": "me"}, "Campo non previsto"),
    ],
)
async def test_bad_folders_are_refused(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], text: str
) -> None:
    await _folder(clients, seeded, "Manuali", [])
    response = await call(clients, seeded, "admin", "POST", "/api/area-documentale/cartelle", body)
    assert response.status_code in (400, 409), response.text
    assert text in message(response)


async def test_deleting_a_folder_removes_its_files(clients: ClientFactory, seeded: Runtime) -> None:
    folder = await _folder(clients, seeded, "Vecchi", [])
    uri = (await _upload(clients, seeded, "admin", folder)).json()[0]["uri"]
    gone = await call(
        clients, seeded, "admin", "DELETE", f"/api/area-documentale/cartelle/{folder}"
    )
    assert gone.status_code == 200
    assert await _names(clients, seeded, "admin") == set()
    assert (await call(clients, seeded, "admin", "GET", uri)).status_code == 404
