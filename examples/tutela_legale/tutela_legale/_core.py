"""Every name this line takes from Sportello's core, in one place: the plugin API
(:mod:`core.api`, version ``REQUIRES_API`` in plugin.py)."""

from core.api import (
    Base,
    Call,
    CallContext,
    DemoContext,
    HasId,
    InAgentTree,
    MigrationSource,
    NotFound,
    Principal,
    PrincipalDep,
    ProductLine,
    Publication,
    SessionDep,
    TenantOwned,
    Timestamped,
    WebModule,
    hookimpl,
    in_agent_tree,
    logged_in,
    parse,
    product_router,
    require,
    require_extra_product,
    rows_loader,
)
from core.api import permissions as perm

__all__ = [
    "Base", "Call", "CallContext", "DemoContext", "HasId", "InAgentTree", "MigrationSource",
    "NotFound", "Principal", "PrincipalDep", "ProductLine", "Publication", "SessionDep",
    "TenantOwned", "Timestamped", "WebModule", "hookimpl", "in_agent_tree", "logged_in", "parse",
    "perm", "product_router", "require", "require_extra_product", "rows_loader",
]  # fmt: skip
