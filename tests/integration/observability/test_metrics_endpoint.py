"""``/metrics``: off unless a token is set, refused (as if absent) without the right bearer
token, needing no tenant host; the request counts use route templates, so no client can
make new label values by inventing paths."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory
from tests.integration.observability.helpers import (
    TOKEN,
    label_values,
    metrics_app,
    parse,
    value,
)

AUTH = {"authorization": f"Bearer {TOKEN}"}
REQUESTS = "sportello_http_requests_total"


async def test_metrics_is_off_by_default(clients: ClientFactory) -> None:
    for headers in ({}, {"authorization": "Bearer "}, {"authorization": "Bearer x"}):
        response = await clients("rcadealer").get("/metrics", headers=headers)
        assert response.status_code == 404
        assert "sportello_" not in response.text


@pytest.mark.parametrize(
    "authorization",
    [None, "", "Bearer", "Bearer ", f"bearer {TOKEN}", TOKEN, f"Bearer {TOKEN}x",
     f"Bearer {TOKEN[:-1]}", f"Basic {TOKEN}", f"Bearer  {TOKEN}"],
)  # fmt: skip
async def test_a_wrong_or_missing_token_gets_the_404_of_an_absent_page(
    settings: Settings, runtime: Runtime, authorization: str | None
) -> None:
    app = metrics_app(settings, runtime)
    headers = {} if authorization is None else {"authorization": authorization}
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        refused = await client.get("/metrics", headers=headers)
    assert refused.status_code == 404
    assert "sportello_" not in refused.text
    assert "www-authenticate" not in refused.headers


async def test_only_a_get_is_answered(settings: Settings, runtime: Runtime) -> None:
    app = metrics_app(settings, runtime)
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        for method in ("POST", "PUT", "DELETE"):
            response = await client.request(method, "/metrics", headers=AUTH)
            assert response.status_code == 404, method
            assert "sportello_" not in response.text


async def test_the_right_token_gets_the_exposition_on_any_host(
    settings: Settings, runtime: Runtime
) -> None:
    app = metrics_app(settings, runtime)
    for host in ("assicurapp.localhost", "10.0.0.7:8000", "evil.example"):
        async with AsyncTestClient(app, base_url=f"http://{host}") as client:
            response = await client.get("/metrics", headers=AUTH)
        assert response.status_code == 200, host
        assert response.headers["content-type"].startswith("text/plain")
        samples = parse(response.text)
        assert ("sportello_logins_total", frozenset({("outcome", "ok")})) in samples
        assert "sportello_push_queue_depth" in response.text
        assert "process_resident_memory_bytes" in response.text


async def test_requests_are_counted_by_route_template(settings: Settings, runtime: Runtime) -> None:
    app = metrics_app(settings, runtime)
    route = "/tenant-assets/{name}"
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        before = parse((await client.get("/metrics", headers=AUTH)).text)
        for name in ("logo-1.png", "logo-2.png", "not.png"):
            await client.get(f"/tenant-assets/{name}")
        await client.get("/healthz")
        after = parse((await client.get("/metrics", headers=AUTH)).text)
    count = value(after, REQUESTS, method="GET", route=route, status="404")
    assert count - value(before, REQUESTS, method="GET", route=route, status="404") == 2
    assert (
        value(after, REQUESTS, method="GET", route="/healthz", status="200")
        - value(before, REQUESTS, method="GET", route="/healthz", status="200")
        == 1
    )
    duration = "sportello_http_request_duration_seconds_count"
    assert (
        value(after, duration, method="GET", route=route)
        - value(before, duration, method="GET", route=route)
        >= 3
    )
    assert not any("logo-1" in label for label in label_values(after, REQUESTS, "route"))
    assert "/metrics" not in label_values(after, REQUESTS, "route")  # scrapes are not counted


async def test_invented_paths_and_methods_make_no_new_label_values(
    settings: Settings, runtime: Runtime
) -> None:
    app = metrics_app(settings, runtime)
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        await client.get("/healthz")  # every label value the loop below may use, once
        await client.post("/made-up-0")
        await client.request("BREW", "/made-up-0")
        await client.get("/api/made-up-0")
        before = parse((await client.get("/metrics", headers=AUTH)).text)
        for n in range(1, 40):
            await client.get(f"/api/made-up-{n}")
            await client.post(f"/made-up-{n}/{n}")
            await client.request("BREW", f"/made-up-{n}")
        await client.get("/api/made-up-x", headers={"host": "nowhere.example"})
        after = parse((await client.get("/metrics", headers=AUTH)).text)
    routes = label_values(after, REQUESTS, "route")
    assert not [route for route in routes if "made-up" in route]
    assert "unmatched" in routes
    assert label_values(after, REQUESTS, "method") <= {
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"
    }  # fmt: skip
    new = {key for key in after if key[0] == REQUESTS} - {k for k in before if k[0] == REQUESTS}
    assert len(new) <= 1, new  # at most the unknown host's 404 on a known template
