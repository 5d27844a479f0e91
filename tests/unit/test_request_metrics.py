"""The outermost ASGI layer counts each HTTP request once, under its route template, the
``unmatched`` label or a 500 when the app fails before answering; sockets pass untouched."""

from __future__ import annotations

from typing import Any

import pytest

from core.auth.login_outcomes import outcome_of
from core.auth.throttle import AccountLocked
from core.errors import Conflict, Forbidden, NotAuthenticated, TooManyAttempts
from core.observability.http import Observed
from core.observability.metrics import REGISTRY

Message = dict[str, Any]


def requests(method: str, route: str, status: str) -> float:
    labels = {"method": method, "route": route, "status": status}
    return REGISTRY.get_sample_value("sportello_http_requests_total", labels) or 0.0


def scope(path: str, method: str = "GET", kind: str = "http") -> dict[str, Any]:
    return {"type": kind, "path": path, "method": method, "headers": []}


async def nothing() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


async def call(app: Observed, the_scope: dict[str, Any]) -> list[Message]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    await app(the_scope, nothing, send)  # type: ignore[arg-type]
    return sent


def answering(status: int, template: str | None) -> Any:
    async def app(the_scope: dict[str, Any], _receive: Any, send: Any) -> None:
        if template is not None:
            the_scope["path_template"] = template  # what Litestar's router sets
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    return app


async def test_a_routed_request_counts_under_its_template() -> None:
    app = Observed(answering(200, "/api/things/{thing_id:str}"), token="")
    before = requests("GET", "/api/things/{thing_id:str}", "200")
    await call(app, scope("/api/things/1"))
    await call(app, scope("/api/things/2"))
    assert requests("GET", "/api/things/{thing_id:str}", "200") == before + 2


async def test_unrouted_paths_and_odd_methods_share_one_label_each() -> None:
    app = Observed(answering(404, None), token="")
    before = requests("other", "unmatched", "404")
    for n in range(20):
        await call(app, scope(f"/nowhere/{n}", method=f"X{n}"))
    assert requests("other", "unmatched", "404") == before + 20


async def test_an_app_failing_before_answering_counts_a_500() -> None:
    async def failing(_scope: Any, _receive: Any, _send: Any) -> None:
        raise RuntimeError("boom")

    app = Observed(failing, token="")
    before = requests("POST", "unmatched", "500")
    with pytest.raises(RuntimeError):
        await call(app, scope("/x", method="POST"))
    assert requests("POST", "unmatched", "500") == before + 1


async def test_sockets_and_lifespan_pass_through_uncounted() -> None:
    seen: list[str] = []

    async def inner(the_scope: Any, _receive: Any, _send: Any) -> None:
        seen.append(the_scope["type"])

    app = Observed(inner, token="t" * 32)
    total = sum(s.value for f in REGISTRY.collect() if f.name == "sportello_http_requests"
                for s in f.samples)  # fmt: skip
    await call(app, {"type": "websocket", "path": "/metrics", "headers": []})
    await call(app, {"type": "lifespan"})
    assert seen == ["websocket", "lifespan"]
    after = sum(s.value for f in REGISTRY.collect() if f.name == "sportello_http_requests"
                for s in f.samples)  # fmt: skip
    assert after == total


async def test_metrics_with_the_token_never_reaches_the_app() -> None:
    app = Observed(answering(200, "/{path:path}"), token="secret-token")
    (start, body) = await call(
        app, {**scope("/metrics"), "headers": [(b"authorization", b"Bearer secret-token")]}
    )
    assert start["status"] == 200
    assert b"sportello_http_requests_total" in body["body"]
    (refused, _) = await call(
        app, {**scope("/metrics"), "headers": [(b"authorization", b"Bearer secret-tokeN")]}
    )
    assert refused["status"] == 404


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (AccountLocked("bloccato"), "locked"),
        (TooManyAttempts("troppi"), "throttled"),
        (NotAuthenticated("errati"), "wrong_credentials"),
        (Forbidden("sospeso"), "suspended"),
        (Conflict("altro"), "error"),
        (RuntimeError("boom"), "error"),
    ],
)
def test_login_outcomes(error: Exception, outcome: str) -> None:
    assert outcome_of(error) == outcome
