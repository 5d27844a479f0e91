"""The device cookie proves one earlier login to one account of one tenant, with the
credentials it had then, for ``LOGIN_DEVICE_DAYS``; anything else is not recognised."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from core.auth import devices
from core.db import models as m
from core.settings import Settings

DAY_S = 86400


def _user(tenant: str = "assicurapp", email: str = "admin@demo.it", version: int = 0) -> m.User:
    return m.User(tenant_id=tenant, email=email, credentials_version=version)


def _shown(settings: Settings, user: m.User, device: str = "dev-1") -> dict[str, str]:
    cookie = devices.device_cookie(settings, user, device)
    assert cookie.value is not None
    return {cookie.key: cookie.value}


def test_the_cookie_is_httponly_per_account_and_lasts_the_configured_days(
    settings: Settings,
) -> None:
    cookie = devices.device_cookie(settings, _user(), "dev-1")
    assert cookie.httponly is True
    assert cookie.path == "/"
    assert cookie.max_age == 365 * DAY_S
    assert cookie.key == devices.cookie_name("assicurapp", " Admin@Demo.it ")
    assert cookie.key != devices.cookie_name("rcadealer", "admin@demo.it")
    assert cookie.key != devices.cookie_name("assicurapp", "agente@demo.it")
    assert cookie.key.startswith("d-")
    assert len(cookie.key) == 18


def test_its_own_account_recognises_the_device(settings: Settings) -> None:
    assert devices.recognised_device(settings, _user(), _shown(settings, _user())) == "dev-1"


@pytest.mark.parametrize(
    "other",
    [
        pytest.param(_user(tenant="rcadealer"), id="another-tenant"),
        pytest.param(_user(email="agente@demo.it"), id="another-account"),
        pytest.param(_user(version=1), id="after-a-new-password"),
    ],
)
def test_no_other_login_recognises_it(settings: Settings, other: m.User) -> None:
    shown = _shown(settings, _user())
    assert (
        devices.recognised_device(
            settings,
            other,
            {devices.cookie_name(other.tenant_id, other.email): next(iter(shown.values()))},
        )
        is None
    )


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(lambda v: "x" + v, id="another-device"),
        pytest.param(lambda v: v[:-1] + ("0" if v[-1] != "0" else "1"), id="forged-mac"),
        pytest.param(lambda v: v.replace(".", ".1", 1), id="another-date"),
        pytest.param(lambda v: v.rsplit(".", 1)[0], id="no-mac"),
        pytest.param(lambda v: "", id="empty"),
        pytest.param(lambda v: "a.b.c", id="not-a-date"),
    ],
)
def test_a_changed_cookie_is_not_recognised(
    settings: Settings, tamper: Callable[[str], str]
) -> None:
    ((name, value),) = _shown(settings, _user()).items()
    assert devices.recognised_device(settings, _user(), {name: tamper(value)}) is None


def test_no_cookie_or_no_account_recognises_nothing(settings: Settings) -> None:
    assert devices.recognised_device(settings, _user(), {}) is None
    assert devices.recognised_device(settings, None, _shown(settings, _user())) is None


def test_an_expired_cookie_is_not_recognised(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _shown(settings, _user())
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 365 * DAY_S - 60)
    assert devices.recognised_device(settings, _user(), shown) == "dev-1"
    monkeypatch.setattr(time, "time", lambda: now + 365 * DAY_S + 60)
    assert devices.recognised_device(settings, _user(), shown) is None


def test_a_device_is_its_own_throttle_source() -> None:
    assert devices.source_of("dev-1") == "device\ndev-1"
    assert devices.new_device() != devices.new_device()
    assert len(devices.new_device()) >= 20
