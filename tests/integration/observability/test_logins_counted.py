"""Every password login, over HTTP or the socket, moves ``sportello_logins_total`` by its
outcome; a refusal is counted under its own outcome, never as a success."""

from __future__ import annotations

from core.observability.metrics import REGISTRY
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, Live, get_user
from tests.integration.auth.helpers import ADMIN, AGENT, login
from tests.integration.auth.test_suspension import _suspend

OUTCOMES = ("ok", "wrong_credentials", "suspended", "locked", "throttled", "error")


def _counts() -> dict[str, float]:
    return {
        outcome: REGISTRY.get_sample_value("sportello_logins_total", {"outcome": outcome}) or 0.0
        for outcome in OUTCOMES
    }


def _moved(before: dict[str, float]) -> dict[str, float]:
    after = _counts()
    return {outcome: after[outcome] - before[outcome] for outcome in OUTCOMES}


async def test_success_and_wrong_passwords_are_counted_apart(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("rcadealer")
    before = _counts()
    assert (await login(client, ADMIN, "not-the-password")).status_code == 401
    assert (await login(client, "nobody@demo.it", "not-the-password")).status_code == 401
    assert (await login(client, ADMIN)).status_code == 200
    moved = _moved(before)
    assert moved["wrong_credentials"] == 2
    assert moved["ok"] == 1
    assert sum(moved.values()) == 3


async def test_a_locked_source_and_a_suspended_user_have_outcomes_of_their_own(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    client = clients("rcadealer")
    before = _counts()
    for _ in range(settings.auth.login_max_failures):
        await login(client, ADMIN, "definitely-wrong")
    assert (await login(client, ADMIN)).status_code == 429  # the right password, locked out
    admin = await get_user(seeded, "assicurapp", ADMIN)
    await _suspend(seeded, "assicurapp", AGENT, admin.id)
    assert (await login(clients("assicurapp"), AGENT)).status_code == 403
    moved = _moved(before)
    assert moved["wrong_credentials"] == settings.auth.login_max_failures
    assert moved["locked"] == 1
    assert moved["suspended"] == 1
    assert moved["ok"] == 0


async def test_a_socket_login_is_counted_too(live: Live) -> None:
    before = _counts()
    await live.logged_in("assicurapp", "agente")
    assert _moved(before)["ok"] == 1
