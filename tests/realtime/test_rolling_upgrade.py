"""Migrations while serving (expand, then contract): during a rolling upgrade the workers not
yet restarted run the previous release's code on the schema the new release migrated. That
code, taken from the history as it stood before the newest migration, serves the calls that
matter on the new schema: logins, the socket's handshake and sync, a change and a new quote.
"""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
import tarfile
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from core.runtime import Runtime
from core.settings import Settings
from core.testing import ScClient, reload
from core.testing.database import seed_or_restore
from tests.realtime.processes import ServerProcess, free_port
from tests.realtime.quote_records import open_quote, pick_quote

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = (":(glob)core/db/migrations/versions/*.py", ":(glob)plugins/*/migrations/*.py")
"""Where migrations are added: core's and each product line's."""
HOST = "assicurapp.localhost"
SERVE_OLD = """
import sys
sys.path.insert(0, {old!r})
import uvicorn
from core.serving import uvicorn_options
from core.settings import get_settings
uvicorn.run("core.asgi:app", host="127.0.0.1", port={port}, **uvicorn_options(get_settings()))
"""


def _git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True).stdout


def previous_release(into: Path) -> Path:
    """The code as it stood before the newest migration was added (its commit's parent)."""
    newest = _git("log", "-1", "--diff-filter=A", "--format=%H", "--", *MIGRATIONS).decode()
    commit = newest.strip() + "^"
    archive = _git("archive", "--format=tar", commit, "core", "plugins", "tenants")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


class PreviousServer(ServerProcess):
    """The previous release's app under uvicorn: it neither migrates nor seeds."""

    def __init__(self, old: Path) -> None:
        super().__init__(MIGRATE_ON_START="false", SEED_DEMO="false", DAILY_JOBS="false")
        self.old = old

    async def start(self) -> None:
        self.port = free_port()
        code = SERVE_OLD.format(old=str(self.old), port=self.port)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, cwd=self.old, env=self.env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        from tests.realtime.processes import _wait_until

        await _wait_until(self._ready)


@pytest.fixture
async def previous(
    tmp_path: Path, settings: Settings, runtime: Runtime
) -> AsyncIterator[PreviousServer]:
    if not (ROOT / ".git").exists():
        pytest.skip("no git history to take the previous release from")
    old = previous_release(tmp_path / "previous")
    await seed_or_restore(settings, runtime)  # the new release migrated and seeded it
    server = PreviousServer(old)
    try:
        await server.start()
        yield server
    finally:
        await server.stop()


async def test_the_previous_release_serves_the_calls_that_matter_on_the_new_schema(
    previous: PreviousServer, runtime: Runtime
) -> None:
    base = f"http://127.0.0.1:{previous.port}"
    async with httpx.AsyncClient(base_url=base, headers={"host": HOST}) as http:
        login = await http.post(
            "/api/auth/login", json={"email": "admin@demo.it", "password": "demo1234"}
        )
        assert login.status_code == 200, login.text
        token = login.json()["token"]
        me = await http.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 200, me.text

    socket = await ScClient.open(previous.port, HOST)
    try:
        assert (await socket.handshake(token))["isAuthenticated"] is True
        await socket.subscribe("preventivi")
        synced = await socket.invoke("getDbData", {"preventivi": []})
        assert synced  # the sync reads every table of the new schema it knows
        quote = await pick_quote(runtime, "assicurapp", "agente", open_quote("Preventivato"))
        status = "Approvato dalla direzione"
        body = {"coll": "preventivi", "_id": quote.id, "upd": {"$set": {"status": status}}}
        saved = await socket.invoke("saveData", body)
        assert saved["modifiedCount"] == 1
    finally:
        await socket.close()
    assert (await reload(runtime, "assicurapp", quote.id)).status == status


def test_the_previous_release_is_taken_from_before_the_newest_migration(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("no git history to take the previous release from")
    old = previous_release(tmp_path / "previous")
    newest = _git("log", "-1", "--diff-filter=A", "--format=%H", "--", *MIGRATIONS).decode()
    added = _git("show", "--name-only", "--diff-filter=A", "--format=", newest.strip()).decode()
    migration = next(p for p in added.split() if "/migrations/" in p and p.endswith(".py"))
    assert not (old / migration).exists()  # the old code has not heard of it
    assert (old / "core" / "cli.py").exists()
