"""The image memory budget: never more held than the budget, work beyond it waits its turn,
and a refusal in Italian when the wait is too long."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from core.domain.documents.image_budget import ImageBudget
from core.domain.documents.images import Thumbnailer
from core.errors import TooManyAttempts
from core.settings import UploadSettings
from tests.images import flat_png

MB = 1024 * 1024


async def test_four_images_at_once_hold_at_most_the_budget() -> None:
    """1000 × 1000 pixels count 4,000,000 bytes: two fit in 10 MB, never three."""
    thumbs = Thumbnailer(UploadSettings(image_memory_mb=10, image_wait_s=60))
    made = await asyncio.gather(*(thumbs.make(io.BytesIO(flat_png(1000, 1000))) for _ in range(4)))
    assert thumbs.budget.peak == 8_000_000
    assert thumbs.budget.used == 0
    for jpeg in made:
        assert jpeg is not None
        with Image.open(io.BytesIO(jpeg)) as small:
            assert (small.format, small.size) == ("JPEG", (240, 240))
            assert small.getpixel((120, 120)) == pytest.approx((200, 30, 30), abs=6)


async def test_work_that_does_not_fit_waits_for_the_work_before_it() -> None:
    budget = ImageBudget(10 * MB, wait_s=60)
    order: list[str] = []

    async def second() -> None:
        async with budget.hold(6 * MB):
            order.append("second in")

    async with budget.hold(6 * MB):
        order.append("first in")
        waiting = asyncio.create_task(second())
        for _ in range(10):  # let the second try, as often as it likes
            await asyncio.sleep(0)
        order.append("first out")
    await waiting
    assert order == ["first in", "first out", "second in"]
    assert budget.peak == 6 * MB


async def test_an_image_larger_than_the_budget_runs_alone() -> None:
    budget = ImageBudget(10 * MB, wait_s=60)
    async with budget.hold(50 * MB):
        assert budget.used == 10 * MB


async def test_work_refused_after_waiting_too_long() -> None:
    budget = ImageBudget(10 * MB, wait_s=0.01)
    async with budget.hold(10 * MB):
        with pytest.raises(TooManyAttempts, match=r"^Troppe immagini in elaborazione: riprova"):
            async with budget.hold(1):
                pass
    assert budget.used == 0
