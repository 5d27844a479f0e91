"""A plugin from tests/ adds a synced stream, a call, a channel, a route and a menu entry,
and each works end to end as core's own do: live events to whom they concern, the initial
sync, a watermark resync with changes, deletions and moves out of view (tombstones)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from sqlalchemy import select, text

from core.context import tenant_scope
from core.db.engine import make_engine, owner_url
from core.db.rls import enable_tenant_rls
from core.plugins import load_plugins, registered
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, ScClient, sentinel, serving, user_ids
from tests.plugins.notes_plugin import CALL, CHANNEL, ROUTE, Note, NotesBase, NotesPlugin

TENANT = "assicurapp"


async def _notes_table(settings: Settings, *, create: bool) -> None:
    """Create the plugin's table as its migration would (row-level security on PostgreSQL,
    like every tenant table), or drop it."""
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(NotesBase.metadata.drop_all)
            if not create:
                return
            await conn.run_sync(NotesBase.metadata.create_all)
            if conn.dialect.name == "postgresql":
                table = Note.__tablename__
                await conn.run_sync(lambda sync: enable_tenant_rls(sync, table))
                await conn.execute(text(f'GRANT ALL ON "{table}" TO "{settings.db.app_role}"'))
    finally:
        await engine.dispose()


@pytest.fixture
async def live(settings: Settings, runtime: Runtime) -> AsyncIterator[Live]:
    """A live server whose plugin manager has the notes plugin registered."""
    await _notes_table(settings, create=True)
    pm = load_plugins()
    with registered(pm, NotesPlugin(), name="appunti"):
        with_notes = Runtime.build(settings, pm)
        try:
            async with serving(settings, with_notes) as server:
                yield server
        finally:
            await with_notes.db.dispose()
            await _notes_table(settings, create=False)


async def _sync(client: ScClient, **extra: object) -> tuple[dict[str, object], dict[str, object]]:
    if "dbData" not in client.subscribed:
        await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {CHANNEL: [], **extra})
    batches: dict[str, object] = {}
    for _ in range(answer["tot"]):
        batches.update((await client.published("dbData"))[CHANNEL])
    return answer, batches


async def test_the_plugins_stream_syncs_and_resyncs_like_cores(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    other = await live.logged_in(TENANT, "segnalatore")
    admin = await live.logged_in(TENANT, "admin")
    for client in (agent, other, admin):
        await client.subscribe(CHANNEL)

    # The call writes; the event reaches the author and admins, not another agent.
    first = (await agent.invoke(CALL, {"text": "richiamare il cliente"}))["_id"]
    for client in (agent, admin):
        event = await client.published(CHANNEL)
        assert event == {
            "operationType": "insert",
            "p": {"_id": first, "aId": ids["agente"], "text": "richiamare il cliente"},
        }
    await sentinel(live, other, TENANT, CHANNEL)

    # getDbData sends the stream to whoever may see it, scoped by the plugin's rule.
    second = (await agent.invoke(CALL, {"text": "preventivo RC"}))["_id"]
    third = (await agent.invoke(CALL, {"text": "polizza casa"}))["_id"]
    answer, held = await _sync(agent)
    assert answer["full"] is True
    assert set(held) == {first, second, third}
    assert (await _sync(other))[1] == {}

    # Changed, deleted, and moved to another agent: the resync brings exactly that.
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            rows = {n.id: n for n in (await session.execute(select(Note))).scalars()}
            rows[first].text = "richiamato"
            await session.delete(rows[second])
            rows[third].agent_id = ids["segnalatore"]
    again, delta = await _sync(agent, wm=answer["wm"])
    assert again["full"] is False
    assert delta == {
        first: {"_id": first, "aId": ids["agente"], "text": "richiamato"},
        second: None,
        third: None,
    }
    _, moved_in = await _sync(other)
    assert set(moved_in) == {third}


async def test_the_plugins_call_route_and_menu_answer_with_core_rules(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match="Dati non validi"):
        await agent.invoke(CALL, {"text": ""})
    anonymous = await live.client(TENANT)
    await anonymous.handshake()
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await anonymous.invoke(CALL, {"text": "x"})
    with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale appunti$"):
        await anonymous.subscribe(CHANNEL)
    written = (await agent.invoke(CALL, {"text": "da HTTP"}))["_id"]

    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    socket = await live.client(TENANT)
    await socket.handshake()
    token = (await socket.login("agente@demo.it"))["token"]
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{live.port}", headers={"Host": host}
    ) as http:
        assert (await http.get(ROUTE)).status_code == 401
        auth = {"Authorization": f"Bearer {token}"}
        listed = await http.get(ROUTE, headers=auth)
        assert listed.status_code == 200, listed.text
        assert [note["_id"] for note in listed.json()] == [written]
        me = await http.get("/api/auth/me", headers=auth)
        assert "appunti" in [entry["key"] for entry in me.json()["menu"]]
