"""Text no database can store (NUL, lone surrogates) and bodies that are not UTF-8: 400 with
a message naming the problem, nothing written, on both databases; never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, token_for
from tests.integration.auth.helpers import error_message

pytestmark = pytest.mark.usefixtures("seeded")
NUL = "Richiesta non valida: il testo contiene un carattere nullo"
SURROGATE = "Richiesta non valida: il testo contiene un carattere Unicode non valido"
NOT_UTF8 = "Richiesta non valida: il testo non è UTF-8 valido"
JSON = {"content-type": "application/json"}


async def _users(runtime: Runtime) -> int:
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.User.id)))).scalar_one())


@pytest.mark.parametrize(
    ("body", "message"),
    [(b'{"email": "admin@demo.it\\u0000", "password": "demo1234"}', NUL),
     (b'{"email": "admin@demo.it", "password": "demo\\u00001234"}', NUL),
     (b'{"email": "\\ud800@demo.it", "password": "demo1234"}', SURROGATE),
     (b'{"email": "admin@demo.it", "password": "\xff\xfe"}', NOT_UTF8),
     (b'{"\\u0000": 1, "email": "admin@demo.it", "password": "x"}', NUL)],
)  # fmt: skip
async def test_the_anonymous_login_refuses_unstorable_text(
    clients: ClientFactory, body: bytes, message: str
) -> None:
    async with clients("assicurapp") as client:
        answer = await client.post("/api/auth/login", content=body, headers=JSON)
    assert answer.status_code == 400
    assert error_message(answer) == message
    assert "set-cookie" not in answer.headers


async def test_an_invitation_with_a_nul_in_the_name_writes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    before = await _users(seeded)
    headers = bearer(await token_for(seeded, "assicurapp", "admin@demo.it"))
    body: dict[str, Any] = {"email": "nuovo@demo.it", "name": "Mario\x00Rossi", "role": {"a": {}}}
    async with clients("assicurapp") as client:
        answer = await client.post("/api/auth/invite", json=body, headers=headers)
    assert (answer.status_code, error_message(answer)) == (400, NUL)
    assert await _users(seeded) == before


async def test_nul_in_a_query_string_or_path_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    headers = bearer(await token_for(seeded, "assicurapp", "admin@demo.it"))
    async with clients("assicurapp") as client:
        query = await client.get("/api/clients?q=ro%00ssi", headers=headers)
        path = await client.get("/api/clients/abc%00def", headers=headers)
        broken = await client.get("/api/clients?q=%ff%fe", headers=headers)
    assert (query.status_code, error_message(query)) == (400, NUL)
    assert (path.status_code, error_message(path)) == (400, NUL)
    assert (broken.status_code, error_message(broken)) == (400, NOT_UTF8)


async def test_an_authenticated_json_route_refuses_invalid_utf8(
    clients: ClientFactory, seeded: Runtime
) -> None:
    headers = {**bearer(await token_for(seeded, "assicurapp", "admin@demo.it")), **JSON}
    async with clients("assicurapp") as client:
        answer = await client.post(
            "/api/auth/invite", content=b'{"email": "x\xc3(@demo.it"}', headers=headers
        )
    assert (answer.status_code, error_message(answer)) == (400, NOT_UTF8)
