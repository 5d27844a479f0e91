"""What the search box may be sent: 2 to 100 characters once trimmed, else an Italian 400;
``%``, ``_``, quotes and accents matched as written, never as wildcards, never a 500."""

from __future__ import annotations

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.search.helpers import kinds, search_as

pytestmark = pytest.mark.usefixtures("seeded")
TOO_SHORT_OR_LONG = "La ricerca va da 2 a 100 caratteri"


@pytest.mark.parametrize("q", ["", "a", "   b   ", "x" * 101, " " * 300])
async def test_too_short_or_too_long_is_a_400_in_italian(
    clients: ClientFactory, seeded: Runtime, q: str
) -> None:
    answer = await search_as(clients, seeded, "admin", q)
    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == TOO_SHORT_OR_LONG


async def test_a_hundred_characters_with_spaces_around_are_searched(
    clients: ClientFactory, seeded: Runtime
) -> None:
    answer = await search_as(clients, seeded, "admin", f"  {'y' * 100}  ")
    assert answer.status_code == 200, answer.text
    assert all(group["results"] == [] for group in answer.json()["groups"])


@pytest.mark.parametrize("q", ["%%", "__", "%_", "\\%", "a%", "_a"])
async def test_like_wildcards_match_only_themselves(
    clients: ClientFactory, seeded: Runtime, q: str
) -> None:
    answer = await search_as(clients, seeded, "admin", q)
    assert answer.status_code == 200, answer.text
    assert kinds(answer.json()) == ["cliente", "preventivo", "polizza", "sinistro"]
    assert all(group["results"] == [] for group in answer.json()["groups"])


@pytest.mark.parametrize("q", ["d'Amico", '"Rossi"', "Nicolò Müller", "日本語", "😀😀", "a\x00b"])
async def test_quotes_and_any_script_are_answered(
    clients: ClientFactory, seeded: Runtime, q: str
) -> None:
    answer = await search_as(clients, seeded, "admin", q)
    assert answer.status_code in (200, 400), answer.text
    if answer.status_code == 400:
        assert answer.json()["error"]["message"]


@pytest.mark.parametrize("limit", ["0", "21", "-1", "tanti"])
async def test_a_limit_out_of_range_is_a_400(
    clients: ClientFactory, seeded: Runtime, limit: str
) -> None:
    answer = await search_as(clients, seeded, "admin", "Bianchi", limit=limit)
    assert answer.status_code == 400
