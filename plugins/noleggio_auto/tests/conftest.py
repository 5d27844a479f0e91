"""A live server with the demo data, and the rental records the tests act on."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.runtime import Runtime
from core.settings import Settings
from tests.realtime.conftest import Live, serving


@pytest.fixture
async def live(settings: Settings, runtime: Runtime) -> AsyncIterator[Live]:
    async with serving(settings, runtime) as server:
        yield server
