"""The public tenant configuration the shell starts from, and the tenant's assets."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.params import FromPath
from litestar.response import File

from core.domain.settings.branding import ASSETS_PATH, branding
from core.domain.settings.payload import support_html
from core.errors import NotFound
from core.http.deps import RuntimeDep, SessionDep, TenantDep


@get("/api/tenant", summary="Public tenant configuration", tags=["tenant"])
async def tenant_config(
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep
) -> dict[str, Any]:
    stored = await runtime.stored_settings(db_session)
    enabled = await runtime.lines.enabled(db_session, tenant, stored)
    modules = {
        module.product: module
        for module in runtime.pm.hook.web_module()
        if module is not None and module.product
    }
    products = []
    for product_id in enabled:
        line = runtime.product_lines[product_id]
        module = modules.get(product_id)
        products.append(
            {
                "id": line.id,
                "name": line.name,
                "icon": line.icon,
                "extraProduct": line.extra_product,
                "module": (
                    {"name": module.name, "entry": f"/plugins/{module.name}/{module.remote_entry}"}
                    if module and (module.dist_dir / module.remote_entry).is_file()
                    else None
                ),
            }
        )
    return {
        "id": tenant.id,
        "appName": tenant.app_name,
        **branding(tenant, stored),
        "notificationsHelp": f"{ASSETS_PATH}/not.png",
        "wording": tenant.wording.model_dump(),
        "languages": list(tenant.languages),
        "defaultLanguage": tenant.default_language,
        "products": products,
        "menuOnly": list(tenant.menu.only) if tenant.menu.only is not None else None,
        "assistenza": support_html(stored, tenant),
        "BUILD": runtime.settings.app.build,
    }


@get(f"{ASSETS_PATH}/{{name:str}}", summary="Tenant asset (logo, not.png)", tags=["tenant"])
async def tenant_asset(tenant: TenantDep, name: FromPath[str]) -> File:
    path = tenant.asset_path(name)
    if path is None:
        raise NotFound("File non trovato")
    return File(path=path, filename=name, content_disposition_type="inline")
