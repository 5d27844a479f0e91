"""Equal principals of one user are held once; a changed one is never hidden by the shared one."""

from __future__ import annotations

import gc
import weakref

from core.auth.principal import Principal, shared


def _agent(**changes: object) -> Principal:
    fields: dict[str, object] = {"id": "u1", "tenant_id": "t1", "roles": {"a": {"aId": None}}}
    return Principal(**{**fields, **changes})  # type: ignore[arg-type]


def test_an_equal_principal_is_the_one_already_held() -> None:
    first = shared(_agent())
    assert shared(_agent()) is first


def test_a_changed_principal_replaces_the_held_one() -> None:
    first = shared(_agent())
    promoted = shared(_agent(roles={"responsabile": True}))
    assert promoted is not first
    assert promoted.is_responsabile
    assert shared(_agent(roles={"responsabile": True})) is promoted


def test_principals_are_kept_per_tenant_and_user() -> None:
    here = shared(_agent())
    assert shared(_agent(tenant_id="t2")) is not here
    assert shared(_agent(id="u2")) is not here


def test_the_registry_does_not_keep_a_principal_alive() -> None:
    held = shared(_agent(name="Mario"))
    ref = weakref.ref(held)
    del held
    gc.collect()
    assert ref() is None
