"""An import's progress reaches the socket of the user who started it (``importProgress`` on
``priv/{userId}``), and an import that writes tells every open app of the tenant to catch up
(``dataChanged``): each then resyncs from its watermark and sees only what it may see. A dry
run writes nothing and tells nobody; another tenant hears nothing."""

from __future__ import annotations

import json
from typing import Any

from core.testing import Live, event_sentinel, headers_for
from tests.integration.portfolio_import.helpers import GOOD, MAPPING, csv_file


async def _import(live: Live, *, dry_run: bool) -> dict[str, Any]:
    headers = await headers_for(live.runtime, "assicurapp", "admin")
    form = {"source": "Portale X", "mapping": json.dumps(MAPPING),
            "dryRun": "true" if dry_run else "false"}  # fmt: skip
    async with live.http("assicurapp") as http:
        answer = await http.post("/api/portafoglio/importazioni", headers=headers, data=form,
                                 files={"file.0": ("p.csv", csv_file(GOOD))})  # fmt: skip
    assert answer.status_code == 202, answer.text
    job: dict[str, Any] = answer.json()
    return job


async def _progress_until_finished(client: Any, job_id: str) -> list[dict[str, Any]]:
    seen = []
    while True:
        event = await client.published(f"priv/{client.user_id}", timeout=10)
        progress = event["importProgress"]
        assert progress["jobId"] == job_id
        seen.append(progress)
        if progress["finished"]:
            return seen


async def test_an_import_pushes_its_progress_and_has_the_tenants_apps_catch_up(live: Live) -> None:
    admin = await live.logged_in("assicurapp", "admin")
    await admin.subscribe(f"priv/{admin.user_id}")
    agent = await live.logged_in("assicurapp", "agente")
    elsewhere = await live.logged_in("rcadealer", "admin")

    job = await _import(live, dry_run=False)

    progress = await _progress_until_finished(admin, job["_id"])
    assert progress[-1]["done"] == -1
    for client in (admin, agent):
        assert await client.next_event("dataChanged", timeout=10) == {"event": "dataChanged"}
    await event_sentinel(live, elsewhere, "rcadealer")


async def test_a_dry_run_pushes_its_progress_and_tells_nobody_else(live: Live) -> None:
    admin = await live.logged_in("assicurapp", "admin")
    await admin.subscribe(f"priv/{admin.user_id}")
    agent = await live.logged_in("assicurapp", "agente")

    job = await _import(live, dry_run=True)

    await _progress_until_finished(admin, job["_id"])
    await event_sentinel(live, agent, "assicurapp")  # no dataChanged before it
