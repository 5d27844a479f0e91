"""The test kit: what a product line's tests need to run against a real Sportello.

Importing it points the settings at a private data folder and a fresh database (SQLite, or a
schema of its own on the PostgreSQL server ``TEST_DATABASE_URL`` names), so it comes before
anything that reads them. The fixtures (``seeded``, ``clients``, ``live``, ``plugin_kit`` …)
are in :mod:`core.testing.fixtures`, loaded with ``pytest_plugins``; the names below are the
helpers tests call.
"""

from __future__ import annotations

from core.testing import environment

environment.prepare()

from core.domain.quotes.links import mint_code  # noqa: E402
from core.runtime import Runtime  # noqa: E402
from core.settings import Settings  # noqa: E402
from core.testing.accounts import (  # noqa: E402
    DEMO_PASSWORD,
    DEMO_ROLES,
    Client,
    ClientFactory,
    add_user,
    bearer,
    demo_email,
    get_user,
    headers_for,
    listed_ids,
    login,
    me,
    menu_keys,
    tenants_offering,
    token_for,
    user_id,
    user_ids,
)
from core.testing.app_pool import AppPool  # noqa: E402
from core.testing.client import CallFailed, ScClient  # noqa: E402
from core.testing.database import DemoSnapshot, seed_or_restore  # noqa: E402
from core.testing.live import (  # noqa: E402
    FAST,
    Live,
    Served,
    event_sentinel,
    fast_app,
    heard_before_sentinel,
    sentinel,
    serving,
)
from core.testing.plugin_kit import PluginKit  # noqa: E402
from core.testing.records import (  # noqa: E402
    STREAMS,
    add_quote,
    reload,
    run_renewals,
    sync,
    update_quote,
)
from core.testing.schema import model_differences  # noqa: E402

__all__ = [
    "DEMO_PASSWORD",
    "DEMO_ROLES",
    "FAST",
    "STREAMS",
    "AppPool",
    "CallFailed",
    "Client",
    "ClientFactory",
    "DemoSnapshot",
    "Live",
    "PluginKit",
    "Runtime",
    "ScClient",
    "Served",
    "Settings",
    "add_quote",
    "add_user",
    "bearer",
    "demo_email",
    "event_sentinel",
    "fast_app",
    "get_user",
    "headers_for",
    "heard_before_sentinel",
    "listed_ids",
    "login",
    "me",
    "menu_keys",
    "mint_code",
    "model_differences",
    "reload",
    "run_renewals",
    "seed_or_restore",
    "sentinel",
    "serving",
    "sync",
    "tenants_offering",
    "token_for",
    "update_quote",
    "user_id",
    "user_ids",
]
