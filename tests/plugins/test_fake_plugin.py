"""A plugin written only in this file extends the app without touching core.

It adds an HTTP route (using the ``PrincipalDep`` dependency plugins use) and a realtime call,
through the plugin test kit; once the kit's block ends the plugin is gone again.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import pluggy
import pytest
from litestar import get
from litestar.testing import AsyncTestClient
from litestar.types import ControllerRouterHandler

from core.app import create_app
from core.auth.passwords import hash_password
from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import models as m
from core.db.engine import Database
from core.extensions import CallContext, CallHandler
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep, TenantDep
from core.plugins import PluginError, check, load_plugins, new_manager, registered
from core.settings import Settings
from core.testing import PluginKit

TENANT = "assicurapp"
HOST = "http://assicurapp.localhost"
ROUTE = "/api/fake/echo"
CALL = "echoFake"
PASSWORD = "fake-password-123"


@get(ROUTE, summary="Echo the caller (fake plugin)", tags=["fake"])
async def fake_echo(principal: PrincipalDep, tenant: TenantDep) -> dict[str, Any]:
    return {"fake": True, "user": principal.id, "tenant": tenant.id, "admin": principal.is_admin}


async def echo_fake(ctx: CallContext, payload: Any) -> dict[str, Any]:
    return {
        "echo": payload,
        "tenant": ctx.tenant.id,
        "user": ctx.principal.id if ctx.principal else None,
    }


class FakePlugin:
    """A third-party plugin as an author would write it: hook implementations only."""

    @hookimpl
    def register_routes(self) -> Sequence[ControllerRouterHandler]:
        return [fake_echo]

    @hookimpl
    def register_calls(self) -> Mapping[str, CallHandler]:
        return {CALL: echo_fake}


class MisspelledPlugin:
    """Implements a hook no spec declares (``register_routez``)."""

    @hookimpl
    def register_routez(self) -> Sequence[ControllerRouterHandler]:
        return [fake_echo]


def _call_names(pm: pluggy.PluginManager) -> set[str]:
    return {name for calls in pm.hook.register_calls() for name in (calls or {})}


def _route_paths(settings: Settings, pm: pluggy.PluginManager) -> set[str]:
    """The paths an app built from ``pm`` serves."""
    app = create_app(settings, pm=pm, migrate=False, seed=False)
    return {route.path for route in app.routes}


async def _create_admin(email: str, db: Database) -> str:
    with tenant_scope(TENANT):
        async with db.session() as session:
            user = m.User(
                email=email,
                name="Fake Admin",
                role={"admin": True},
                password_hash=hash_password(PASSWORD),
            )
            session.add(user)
            await session.flush()
            user_id: str = user.id
    return user_id


async def test_fake_plugin_adds_route_and_call(plugin_kit: PluginKit, settings: Settings) -> None:
    plugin = FakePlugin()
    email = f"fake-{secrets.token_hex(4)}@example.it"
    with plugin_kit(plugin, name="fake") as (runtime, app):
        assert runtime.pm.is_registered(plugin)
        assert CALL in runtime.calls
        async with AsyncTestClient(app, base_url=HOST) as client:
            anonymous = await client.get(ROUTE)
            assert anonymous.status_code == 401, anonymous.text

            user_id = await _create_admin(email, runtime.db)
            login = await client.post(
                "/api/auth/login", json={"email": email, "password": PASSWORD, "keep": True}
            )
            assert login.status_code == 200, login.text
            headers = {"Authorization": f"Bearer {login.json()['token']}"}
            response = await client.get(ROUTE, headers=headers)
            assert response.status_code == 200, response.text
            assert response.json() == {
                "fake": True,
                "user": user_id,
                "tenant": TENANT,
                "admin": True,
            }

            # The route is part of the app's OpenAPI schema like any core route.
            schema = await client.get("/schema/openapi.json")
            assert schema.status_code == 200
            assert ROUTE in schema.json()["paths"]

            tenant = runtime.tenants.get(TENANT)
            assert tenant is not None
            principal = Principal(id=user_id, tenant_id=TENANT, roles={"admin": True})
            with tenant_scope(TENANT):
                async with runtime.db.session() as session:
                    ctx = CallContext(
                        tenant=tenant, session=session, principal=principal, host=runtime
                    )
                    result = await runtime.calls[CALL].handler(ctx, {"ciao": 1})
            assert result == {"echo": {"ciao": 1}, "tenant": TENANT, "user": user_id}

    # After the block the plugin is unregistered: nothing of it survives.
    assert not runtime.pm.is_registered(plugin)
    assert CALL not in _call_names(runtime.pm)
    assert ROUTE not in _route_paths(settings, runtime.pm)
    fresh = load_plugins()
    assert CALL not in _call_names(fresh)
    assert ROUTE not in _route_paths(settings, fresh)
    assert fresh.get_plugin("fake") is None


def test_kit_leaves_core_routes_in_place(plugin_kit: PluginKit, settings: Settings) -> None:
    """The fake plugin adds to the app; it replaces nothing core or the built-ins provide."""
    baseline = _route_paths(settings, load_plugins())
    assert ROUTE not in baseline
    with plugin_kit(FakePlugin()) as (_runtime, app):
        assert {route.path for route in app.routes} == baseline | {ROUTE}


def test_hook_without_spec_is_rejected_by_load_plugins() -> None:
    pm = new_manager()
    pm.register(MisspelledPlugin(), name="misspelled")
    with pytest.raises(PluginError, match="register_routez"):
        load_plugins(pm, entry_points_enabled=False)


def test_hook_without_spec_is_rejected_by_registered() -> None:
    pm = load_plugins()
    plugin = MisspelledPlugin()
    with pytest.raises(PluginError, match="register_routez"), registered(pm, plugin):
        pytest.fail("the block must not run for a plugin with an unknown hook")
    # A rejected plugin does not stay behind on the manager.
    assert not pm.is_registered(plugin)
    check(pm)


def test_plugin_kit_rejects_hook_without_spec(plugin_kit: PluginKit) -> None:
    with pytest.raises(PluginError, match="register_routez"), plugin_kit(MisspelledPlugin()):
        pytest.fail("the kit must not yield for a plugin with an unknown hook")


class WrongArgumentsPlugin:
    """Implements a real hook with an argument its spec does not have."""

    @hookimpl
    def seed_demo_data(self, ctx: object, extra: object) -> None:
        return None


def test_hook_with_wrong_arguments_is_a_plugin_error() -> None:
    pm = load_plugins()
    with pytest.raises(PluginError, match="extra"), registered(pm, WrongArgumentsPlugin()):
        pytest.fail("the block must not run for a plugin with a bad hook signature")


def test_hook_with_wrong_arguments_is_rejected() -> None:
    """Whatever the exception type, such a plugin never gets registered."""
    pm = load_plugins()
    plugin = WrongArgumentsPlugin()
    with pytest.raises(pluggy.PluginValidationError, match="extra"):
        pm.register(plugin)
    assert not pm.is_registered(plugin)
