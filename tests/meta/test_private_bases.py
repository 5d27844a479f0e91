"""Classes that extend a library's private classes, and the bound that keeps them honest.

The realtime server subclasses uvicorn's sans-I/O websocket protocol, websockets' connection
state and deflate extension, and broadcaster's Redis backend: none of them is public API, so
any release may move them. pyproject.toml bounds each library below its next major release
(the next minor for a 0.x version); an install outside that range fails here, loudly, before
a socket breaks in production. To move a bound: read the release's changes to the classes
below, run tests/realtime, then raise it in pyproject.toml.
"""

from __future__ import annotations

import inspect
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from core.realtime.direct_ws import DirectWebSocketsProtocol, LeanServerProtocol
from core.realtime.redis_backend import _RedisBackend
from core.realtime.shared_deflate import SharedDeflate, SharedDeflateFactory

ROOT = Path(__file__).resolve().parents[2]

PRIVATE_BASES: dict[str, list[type]] = {
    "uvicorn": [DirectWebSocketsProtocol],
    "websockets": [LeanServerProtocol, SharedDeflate, SharedDeflateFactory],
    "broadcaster": [_RedisBackend],
}
"""Distribution → our classes built on its private ones."""


def requirement(dist: str) -> Requirement:
    lines = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    found = [Requirement(line) for line in lines if Requirement(line).name == dist]
    assert found, f"{dist} is not a declared dependency"
    return found[0]


def outside_bound(dist: str, installed: str) -> str | None:
    """Why ``installed`` of ``dist`` is not one our subclasses were checked against, or
    ``None`` when it is."""
    wanted = requirement(dist).specifier
    if wanted.contains(Version(installed), prereleases=True):
        return None
    ours = ", ".join(f"{c.__module__}.{c.__name__}" for c in PRIVATE_BASES[dist])
    return (
        f"{dist} {installed} is installed, but {ours} subclass its private classes and were "
        f"checked only against {dist}{wanted} (pyproject.toml). Read the release's changes to "
        f"those base classes, run tests/realtime, then move the bound."
    )


@pytest.mark.parametrize("dist", sorted(PRIVATE_BASES))
def test_the_dependency_has_an_upper_bound(dist: str) -> None:
    assert any(s.operator in {"<", "<=", "=="} for s in requirement(dist).specifier), (
        f"{dist} is subclassed through private classes: pyproject.toml must bound it above"
    )


@pytest.mark.parametrize("dist", sorted(PRIVATE_BASES))
def test_the_installed_release_is_within_the_bound(dist: str) -> None:
    problem = outside_bound(dist, version(dist))
    if problem:
        pytest.fail(problem)


@pytest.mark.parametrize("dist", sorted(PRIVATE_BASES))
def test_a_newer_major_release_is_refused_with_a_reason(dist: str) -> None:
    major, minor = Version(version(dist)).release[:2]
    newer = f"{major}.{minor + 1}.0" if major == 0 else f"{major + 1}.0.0"
    problem = outside_bound(dist, newer)
    assert problem is not None
    assert f"{dist} {newer} is installed" in problem
    assert "move the bound" in problem


OWN_ADDITIONS: dict[str, set[str]] = {
    "DirectWebSocketsProtocol": {
        "detach",
        "resume_receiving",
        "send_now",
        "deflate",
        "send_text",
        "close",
        "_shut",
    },
    "SharedDeflate": {"deflate"},
}
"""Methods our subclasses add rather than override."""


@pytest.mark.parametrize(
    "ours", [c for classes in PRIVATE_BASES.values() for c in classes], ids=lambda c: c.__name__
)
def test_every_override_still_has_a_method_to_override(ours: type) -> None:
    """A method renamed upstream would leave ours never called: each one must still exist on
    the library's base class."""
    base = ours.__mro__[1]
    overridden = [
        name
        for name, member in vars(ours).items()
        if (inspect.isfunction(member) or isinstance(member, property))
        and not name.startswith("__")
        and not hasattr(base, name)
        and name not in OWN_ADDITIONS.get(ours.__name__, set())
    ]
    assert overridden == [], f"{base.__module__}.{base.__name__} no longer has {overridden}"
