"""Four of the largest images the server decodes, sent at once as chat attachments by the
lowest role, to a live server: the process's memory stays within the image budget
while they are thumbnailed, and goes back down afterwards (docs/security.md, 'Uploads')."""

from __future__ import annotations

import asyncio
import math
import threading
from pathlib import Path

import httpx

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.settings import Settings
from core.testing import get_user, serving, token_for
from tests.images import flat_png

TENANT = "assicurapp"
MB = 1024 * 1024
SIDE = math.isqrt(40_000_000) - 24  # 6300 × 6300: just under the 40-megapixel limit
BUDGET_MB = 320  # UPLOAD_IMAGE_MEMORY_MB's default, the bound docs/security.md states
LEFT_AFTER_MB = 64


def _rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS in /proc/self/status")


class Peak:
    """This process's highest resident memory while the block runs, sampled every 5 ms."""

    def __init__(self) -> None:
        self.peak = _rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.005):
            self.peak = max(self.peak, _rss())

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


async def _support_room(runtime: Runtime, user_id: str) -> str:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            chat = m.Chat(room=f"/support/{user_id}", user_id=user_id)
            session.add(chat)
            await session.flush()
            return chat.id


async def test_four_largest_images_at_once_stay_within_the_budget(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        referrer = await get_user(live.runtime, TENANT, "segnalatore@demo.it")
        chat_id = await _support_room(live.runtime, referrer.id)
        token = await token_for(live.runtime, TENANT, "segnalatore@demo.it")
        large = flat_png(SIDE, SIDE)
        assert SIDE * SIDE <= 40_000_000
        assert len(large) < 200 * 1024
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{live.port}",
            headers={"host": "assicurapp.localhost", "token": token},
            timeout=60,
        ) as http:

            async def send(name: str, image: bytes) -> httpx.Response:
                files = {"file.0": (name, image, "image/png")}
                return await http.post("/uploadDocs", data={"chatId": chat_id}, files=files)

            warm = await send("piccola.png", flat_png(300, 300))  # first use: imports, pools
            assert warm.status_code == 200, warm.text
            before = _rss()
            with Peak() as peak:
                answers = await asyncio.gather(*(send(f"grande-{n}.png", large) for n in range(4)))
            after = _rss()
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert answer.json()[0]["thumb"]
    grown, kept = (peak.peak - before) / MB, (after - before) / MB
    assert grown < BUDGET_MB, f"grew {grown:.0f} MB while thumbnailing"
    assert kept < LEFT_AFTER_MB, f"kept {kept:.0f} MB afterwards"
