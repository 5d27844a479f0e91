"""What a process keeps of the logins it checked: kept only while nothing changed since the
read began, forgotten per user, per tenant's lines or all at once, bounded in time and size."""

from __future__ import annotations

from datetime import UTC, datetime

from core.auth.principal import Principal
from core.auth.tokens import LoginSession
from core.realtime.known_logins import KnownLogins

EXPIRES = datetime(2030, 1, 1, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def login(user: str = "u1", jti: str = "j1", version: int = 0) -> LoginSession:
    return LoginSession(user, jti, version, EXPIRES)


def principal(user: str = "u1") -> Principal:
    return Principal(id=user, tenant_id="t")


def test_a_checked_login_is_known_until_its_ttl() -> None:
    clock = Clock()
    known = KnownLogins(ttl_s=60, clock=clock)
    known.remember_login("t", login(), principal(), clock())
    assert known.login("t", login()) == principal()
    assert known.login("other", login()) is None  # per tenant
    clock.now += 61
    assert known.login("t", login()) is None


def test_another_credentials_version_is_not_known() -> None:
    clock = Clock()
    known = KnownLogins(clock=clock)
    known.remember_login("t", login(version=1), principal(), clock())
    assert known.login("t", login(version=2)) is None
    assert known.login("t", login(version=1)) is not None


def test_forgetting_a_user_forgets_every_token_of_theirs_only() -> None:
    clock = Clock()
    known = KnownLogins(clock=clock)
    for jti in ("a", "b"):
        known.remember_login("t", login(jti=jti), principal(), clock())
    known.remember_login("t", login("u2", "c"), principal("u2"), clock())
    known.forget_user("t", "u1")
    assert known.login("t", login(jti="a")) is None
    assert known.login("t", login(jti="b")) is None
    assert known.login("t", login("u2", "c")) is not None


def test_a_read_that_began_before_a_forget_is_not_kept() -> None:
    """The read may hold the user as they were before the change that was forgotten."""
    clock = Clock()
    known = KnownLogins(clock=clock)
    began = clock()
    clock.now += 0.001
    known.forget_user("t", "u1")  # a kick heard while the read was under way
    clock.now += 0.001
    assert known.user_since("t", "u1", began)
    known.remember_login("t", login(), principal(), began)
    assert known.login("t", login()) is None
    later = clock()
    assert not known.user_since("t", "u1", later)
    known.remember_login("t", login(), principal(), later)
    assert known.login("t", login()) is not None


def test_a_forget_in_the_same_instant_as_the_read_counts_as_after_it() -> None:
    clock = Clock()
    known = KnownLogins(clock=clock)
    began = clock()
    known.forget_user("t", "u1")
    known.remember_login("t", login(), principal(), began)
    assert known.login("t", login()) is None


def test_lines_are_known_per_tenant_and_forgotten_with_its_settings() -> None:
    clock = Clock()
    known = KnownLogins(clock=clock)
    known.remember_lines("t", frozenset({"rca"}), clock())
    assert known.lines("t") == frozenset({"rca"})
    assert known.lines("other") is None
    began = clock()
    known.forget_lines("t")
    known.remember_lines("t", frozenset({"rca"}), began)  # read before the switch: not kept
    assert known.lines("t") is None


def test_forgetting_all_forgets_everything_and_every_read_under_way() -> None:
    clock = Clock()
    known = KnownLogins(clock=clock)
    began = clock()
    known.remember_login("t", login(), principal(), began)
    known.remember_lines("t", frozenset(), began)
    clock.now += 1
    known.forget_all()
    assert known.login("t", login()) is None
    assert known.lines("t") is None
    known.remember_login("t", login("u9", "z"), principal("u9"), began)
    assert known.login("t", login("u9", "z")) is None


def test_the_oldest_logins_go_beyond_the_capacity() -> None:
    clock = Clock()
    known = KnownLogins(capacity=3, clock=clock)
    for n in range(5):
        known.remember_login("t", login(f"u{n}", f"j{n}"), principal(f"u{n}"), clock())
    assert [known.login("t", login(f"u{n}", f"j{n}")) is not None for n in range(5)] == [
        False, False, True, True, True,
    ]  # fmt: skip
    assert len(known._jtis) == 3  # the index by user shrinks with them


def test_a_flood_of_forgets_stays_bounded_and_keeps_no_read_under_way() -> None:
    clock = Clock()
    known = KnownLogins(capacity=10, clock=clock)
    began = clock()
    for n in range(25):
        known.forget_user("t", f"u{n}")
    assert len(known._forgotten) <= 10
    known.remember_login("t", login("u0"), principal("u0"), began)
    assert known.login("t", login("u0")) is None


def test_a_zero_ttl_keeps_nothing() -> None:
    clock = Clock()
    known = KnownLogins(ttl_s=0, clock=clock)
    known.remember_login("t", login(), principal(), clock())
    known.remember_lines("t", frozenset(), clock())
    assert known.login("t", login()) is None
    assert known.lines("t") is None
