"""``/impostazioni`` over HTTP: only admins save; every field is checked with a message naming
it and nothing is saved on a refusal; saved values reach ``/api/tenant`` and the session;
the activity log shows who changed what (SPEC §3, §6)."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import quote

import pytest
from PIL import Image

from core.context import tenant_scope
from core.lines import stored_settings
from core.runtime import Runtime
from core.testing import ClientFactory, token_for
from tests.integration.people.helpers import TENANT, call, demo_ids, message

pytestmark = pytest.mark.usefixtures("seeded")


async def _stored(runtime: Runtime, tenant: str = TENANT) -> tuple[dict[str, Any], str, list[Any]]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stored = await stored_settings(session)
            assert stored is not None
            return dict(stored.data), stored.assistenza, list(stored.extra_stati)


async def test_an_admin_saves_and_every_client_reads_the_new_look(
    clients: ClientFactory, seeded: Runtime
) -> None:
    body = {
        "title": "Broker Rossi",
        "colors": {"primary": "#aa3300"},
        "assistenza": "<p>Chiamaci al <b>06 1234</b></p>",
        "compagnie": {"Allianz": {"provv": 12, "istruttoria": 30, "qMin": 1, "qMax": 5}},
        "rami": ["RCA", "Incendio"],
        "stati": [{"id": 4, "name": "Approvato dalla direzione", "canSelectedBy": ["admin"],
                   "alert": ["admin"]},
                  {"id": 20, "name": "Sospeso dal cliente", "canSelectedBy": ["admin", "a"],
                   "alert": []}],
        "slides": [{"title": "Nuova tariffa", "text": "Da lunedì", "link": "/prodotti"}],
        "plateInQuote": True,
        "maxUploadMb": 10,
    }  # fmt: skip
    response = await call(clients, seeded, "admin", "PUT", "/api/settings", body)
    assert response.status_code == 200, response.text
    async with clients(TENANT) as client:
        tenant = (await client.get("/api/tenant")).json()
    assert tenant["title"] == "Broker Rossi"
    assert tenant["colors"]["primary"] == "#aa3300"
    assert tenant["maxUploadMb"] == 10
    assert tenant["assistenza"] == "<p>Chiamaci al <b>06 1234</b></p>"
    data, _support, stati = await _stored(seeded)
    assert data["rami"] == ["RCA", "Incendio"]
    assert {s["id"] for s in stati} == {4, 20}
    other = await call(clients, seeded, "admin", "GET", "/api/tenant", tenant="rcadealer")
    assert other.json()["title"] != "Broker Rossi"


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ({"colors": {"primary": "red; background:url(x)"}}, "Colore non valido per 'primary'"),
        ({"colors": {"primary": "#12345"}}, "#RRGGBB"),
        ({"stati": [{"id": 30, "name": "X", "canSelectedBy": ["capo"]}]}, "Ruolo sconosciuto"),
        ({"stati": [{"id": 30, "name": "X", "alert": ["root"]}]}, "Ruolo sconosciuto in alert"),
        ({"stati": [{"id": 0, "name": "Rinominato"}]}, "non si può cambiare"),
        ({"stati": [{"id": 30, "name": "X"}, {"id": 30, "name": "Y"}]}, "Stato ripetuto"),
        ({"compagnie": {"Allianz": {"provv": 1, "qMin": 9, "qMax": 2}}}, "qMin non può superare"),
        ({"compagnie": {"Allianz": {"provv": -1}}}, "Dati non validi"),
        ({"assistenza": "<p>ciao</p><script>alert(1)</script>"}, "codice non consentito"),
        ({"assistenza": '<img src=x onerror="alert(1)">'}, "codice non consentito"),
        ({"assistenza": '<a href="javascript:alert(1)">x</a>'}, "codice non consentito"),
        ({"frazionamenti": [{"name": "Bimestrale", "code": "BIM", "rate": 6}]}, "sconosciuto"),
        ({"frazionamenti": [{"name": "Mensile", "code": "MEN", "rate": 6}]}, "12 rate l'anno"),
        ({"slides": [{"title": "x", "link": "javascript:alert(1)"}]}, "link di una slide"),
        ({"slides": [{"title": "x", "link": "//evil.example"}]}, "link di una slide"),
        ({"slides": [{"title": "x", "link": "/\\evil.example"}]}, "link di una slide"),
        ({"maxUploadMb": 21}, "non può superare 20 mega"),
        ({"template": "a b"}, "Dati non validi"),
        ({"plateInQuote": "sì"}, "vero o falso"),
        ({"title": ""}, "Dati non validi"),
        ({"theme": "dark"}, "Campo non previsto"),
    ],
)
async def test_invalid_values_are_refused_and_nothing_saved(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], text: str
) -> None:
    await call(clients, seeded, "admin", "PUT", "/api/settings", {"rami": ["Vita"]})
    before = await _stored(seeded)
    response = await call(clients, seeded, "admin", "PUT", "/api/settings", {"title": "Y", **body})
    assert response.status_code == 400, response.text
    assert text in message(response)
    assert await _stored(seeded) == before


@pytest.mark.parametrize("who", ["responsabile", "dipendente", "agente", "segnalatore"])
async def test_only_admins_save_settings(clients: ClientFactory, seeded: Runtime, who: str) -> None:
    before = await _stored(seeded)
    response = await call(clients, seeded, who, "PUT", "/api/settings", {"title": "Mio"})
    assert response.status_code == 403
    assert await _stored(seeded) == before
    audit = await call(clients, seeded, who, "GET", "/api/audit")
    assert audit.status_code == 403


def _image(kind: str = "PNG", size: tuple[int, int] = (120, 40)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (10, 20, 200)).save(out, kind)
    return out.getvalue()


async def test_the_logo_upload(clients: ClientFactory, seeded: Runtime) -> None:
    token = await token_for(seeded, TENANT, "admin@demo.it")
    async with clients(TENANT) as client:
        svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
        refused = await client.post(
            "/api/settings/logo", headers={"token": token},
            files={"file.0": ("logo.svg", svg, "image/svg+xml")},
        )  # fmt: skip
        assert refused.status_code == 400
        assert "JPEG, PNG o WebP" in refused.json()["error"]["message"]
        ok = await client.post(
            "/api/settings/logo", headers={"token": token},
            files={"file.0": ("logo.png", _image(), "image/png")},
        )  # fmt: skip
        assert ok.status_code == 200, ok.text
        logo = ok.json()["logo"]
        assert (await client.get("/api/tenant")).json()["logo"] == logo
        served = await client.get(logo)
        assert served.status_code == 200
        assert served.content.startswith(b"\x89PNG")
        assert (await client.get(logo + "x")).status_code == 404
    agent = await token_for(seeded, TENANT, "agente@demo.it")
    async with clients(TENANT) as client:
        denied = await client.post(
            "/api/settings/logo", headers={"token": agent},
            files={"file.0": ("logo.png", _image(), "image/png")},
        )  # fmt: skip
    assert denied.status_code == 403
    async with clients("rcadealer") as other:
        assert (await other.get(logo)).status_code == 404


async def test_the_activity_log_tells_who_changed_what(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    await call(clients, seeded, "admin", "PATCH", f"/api/users/{ids['agente']}", {"name": "M. R."})
    entries = (
        await call(clients, seeded, "admin", "GET", f"/api/audit?entity=users&actor={ids['admin']}")
    ).json()
    change = next(e for e in entries if e["entityId"] == ids["agente"])
    assert change["action"] == "update"
    assert {"label": "Nome", "old": "Mario Rossi", "new": "M. R."} in change["changes"]
    assert "password_hash" not in str(entries)
    theirs = (await call(clients, seeded, "admin", "GET", "/api/audit", tenant="rcadealer")).json()
    assert all(e["entityId"] != ids["agente"] for e in theirs)
    bad = await call(clients, seeded, "admin", "GET", "/api/audit?action=drop")
    assert bad.status_code == 400
    older = await call(clients, seeded, "admin", "GET", f"/api/audit?before={quote(change['at'])}")
    assert all(e["at"] < change["at"] for e in older.json())
    for moment in ("2020-01-01T00:00:00Z", "2020-01-01T00:00:00", "0001-01-01T00:00:00%2B14:00"):
        response = await call(clients, seeded, "admin", "GET", f"/api/audit?before={moment}")
        assert response.status_code in (200, 400), moment
    word = await call(clients, seeded, "admin", "GET", "/api/audit?before=ieri")
    assert word.status_code == 400


@pytest.mark.parametrize("name", ["logo.html", "logo.svg", "logo.js", "logo"])
async def test_the_logo_is_served_as_an_image_whatever_its_name(
    clients: ClientFactory, seeded: Runtime, name: str
) -> None:
    """A real PNG named ``logo.html`` (a polyglot carrying markup) is still an image: the
    public logo route never answers it as HTML, SVG or script on the tenant's origin."""
    token = await token_for(seeded, TENANT, "admin@demo.it")
    polyglot = _image() + b"<meta http-equiv=refresh content=0>"
    async with clients(TENANT) as client:
        ok = await client.post(
            "/api/settings/logo", headers={"token": token},
            files={"file.0": (name, polyglot, "image/png")},
        )  # fmt: skip
        assert ok.status_code == 200, ok.text
        served = await client.get(ok.json()["logo"])
    assert served.status_code == 200
    assert served.headers["content-type"].split(";")[0] in ("image/png", "application/octet-stream")
