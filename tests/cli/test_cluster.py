"""The local cluster (``sportello cluster``) as real processes on PostgreSQL: nginx in front of
two workers. Through the proxy a tenant's host answers and logs in, a realtime socket is
upgraded and hears a change made on either worker, and a worker's restart costs no request."""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url

from core.cluster import Cluster
from core.cluster.database import drop_database
from core.cluster.nginx import NGINX
from core.cluster.processes import free_port
from core.settings import ROOT
from core.testing import ScClient

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
HOST = "assicurapp.localhost"
APPROVED = "Approvato dalla direzione"

pytestmark = [
    pytest.mark.database,  # a database of its own on the suite's server, through child processes
    pytest.mark.skipif(
        not TEST_DATABASE_URL.startswith("postgresql"), reason="the cluster runs on PostgreSQL"
    ),
    pytest.mark.skipif(not NGINX.exists(), reason="no nginx: `make nginx` installs it"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server"),
]


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A redis-server of the module's own: no other test hears the cluster's bus."""
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        yield f"redis://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def cluster(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    name = f"sportello_cluster_test_{secrets.token_hex(4)}"
    url = make_url(TEST_DATABASE_URL).set(database=name, query={})
    database_url = url.render_as_string(hide_password=False)
    folder = tmp_path_factory.mktemp("cluster")
    local = Cluster(
        database_url=database_url, bus_url=redis_url, demo=True,
        data_dir=folder / "data", run_dir=folder / "run",
    )  # fmt: skip
    try:
        local.start()
        yield local
    finally:
        local.stop()
        drop_database(database_url)


def _quote_ids(cluster: Cluster, count: int) -> list[str]:
    """Plain quotes of the demo agent of ``HOST``'s tenant, read as the database owner."""
    url = make_url(cluster.database_url).set(drivername="postgresql")
    with psycopg.connect(url.render_as_string(hide_password=False)) as conn:
        rows = conn.execute(
            "SELECT q.id FROM quotes q JOIN users u ON u.id = q.agent_id "
            "WHERE q.tenant_id = 'assicurapp' AND u.email = 'agente@demo.it' "
            "AND q.type IS NULL ORDER BY q.id LIMIT %s",
            (count,),
        ).fetchall()
    assert len(rows) == count
    return [str(row[0]) for row in rows]


async def test_a_tenant_host_answers_and_logs_in_through_the_proxy(cluster: Cluster) -> None:
    async with httpx.AsyncClient(base_url=cluster.url, timeout=15) as client:
        ready = await client.get("/readyz", headers={"Host": HOST})
        assert ready.status_code == 200, ready.text
        assert ready.json() == {"status": "ok", "database": "ok", "bus": "ok"}
        unknown = await client.get("/readyz", headers={"Host": "nessuno.example"})
        assert unknown.status_code == 404
        login = await client.post(
            "/api/auth/login",
            json={"email": "admin@demo.it", "password": "demo1234"},
            headers={"Host": f"{HOST}:{cluster.port}"},
        )
        assert login.status_code == 200, login.text
        token = login.json()["token"]
        me = await client.get(
            "/api/auth/me", headers={"Host": HOST, "Authorization": f"Bearer {token}"}
        )
        assert me.status_code == 200, me.text
        assert me.json()["user"]["email"] == "admin@demo.it"


async def test_a_socket_through_the_proxy_hears_changes_made_on_either_worker(
    cluster: Cluster,
) -> None:
    listener = await ScClient.open(cluster.port, HOST)  # nginx upgrades it to a worker
    writers: list[ScClient] = []
    try:
        await listener.handshake()
        await listener.login("agente@demo.it")
        await listener.subscribe("preventivi")
        quote_ids = _quote_ids(cluster, len(cluster.worker_ports))
        for port, quote_id in zip(cluster.worker_ports, quote_ids, strict=True):
            writer = await ScClient.open(port, HOST)  # straight to one worker
            writers.append(writer)
            await writer.handshake()
            await writer.login("responsabile@demo.it")
            upd = {"$set": {"status": APPROVED}}
            await writer.invoke("saveData", {"coll": "preventivi", "_id": quote_id, "upd": upd})
            heard = await listener.published("preventivi", timeout=10)
            assert (heard["p"]["_id"], heard["p"]["status"]) == (quote_id, APPROVED)
    finally:
        for client in [listener, *writers]:
            await client.close()


def test_the_image_health_check_asks_a_tenant_host(cluster: Cluster) -> None:
    """The Dockerfile's HEALTHCHECK command, run against a worker as the image would."""
    found = re.search(
        r"^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$", (ROOT / "Dockerfile").read_text(), re.M
    )
    assert found is not None
    command = json.loads(found.group(1))
    assert command[0] == "python"

    def check(host: str) -> int:
        env = {**os.environ, "PORT": str(cluster.worker_ports[1]), "HEALTHCHECK_HOST": host}
        run = subprocess.run(
            [sys.executable, *command[1:]], env=env, capture_output=True, timeout=60
        )
        return run.returncode

    assert check(HOST) == 0
    assert check("nessuno.example") != 0


async def test_a_worker_restarting_costs_no_request(cluster: Cluster) -> None:
    before = cluster.workers[0].pid
    statuses: list[int] = []
    async with httpx.AsyncClient(base_url=cluster.url, timeout=15) as client:
        restart = asyncio.create_task(asyncio.to_thread(cluster.restart_worker, 0, 10.0))
        while not restart.done() or len(statuses) < 20:
            answer = await client.get("/api/tenant", headers={"Host": HOST})
            statuses.append(answer.status_code)
            await asyncio.sleep(0.02)
        await restart
        assert cluster.workers[0].pid != before
        direct = await client.get(f"{cluster.worker_urls[0]}/readyz", headers={"Host": HOST})
        assert direct.status_code == 200
    assert set(statuses) == {200}, f"{len(statuses)} answers: {sorted(set(statuses))}"
