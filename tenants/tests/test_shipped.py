"""The shipped tenants.yaml expresses SPEC §1, §5 and §6 as configuration.

Only the spec's part is pinned: a product line may be offered on a tenant (and kept in its
menu cut) without touching these tests; the line's own tests check its part."""

from __future__ import annotations

import pytest

from core.plugins import flatten, load_plugins
from tenants.config import TenantsConfig
from tenants.loader import load_tenants
from tenants.resolver import TenantRegistry
from tenants.tests.helpers import SHIPPED

CAR_DEALER = ("Car Dealer", "Dealers", "Venditore", "Venditori")
AGENTE = ("Agente", "Agenti", "Subagente", "Subagente")


@pytest.fixture(scope="module")
def shipped() -> TenantsConfig:
    installed = {line.id for line in flatten(load_plugins().hook.product_lines())}
    return load_tenants(SHIPPED, known_products=installed)


def test_three_tenants(shipped: TenantsConfig) -> None:
    assert shipped.ids == ("rcadealer", "assicurapp", "assicurapp_dev")


@pytest.mark.parametrize(
    ("tenant_id", "wording"),
    [("rcadealer", CAR_DEALER), ("assicurapp", AGENTE), ("assicurapp_dev", CAR_DEALER)],
)
def test_wording(shipped: TenantsConfig, tenant_id: str, wording: tuple[str, ...]) -> None:
    tenant = shipped.get(tenant_id)
    assert tenant is not None
    w = tenant.wording
    assert (w.agent, w.agents, w.subagent, w.subagents) == wording


@pytest.mark.parametrize(
    ("tenant_id", "products", "max_upload_mb"),
    [
        ("rcadealer", ("rca", "noleggio-auto"), 20),
        ("assicurapp", ("noleggio-auto", "prestiti"), 20),
        ("assicurapp_dev", ("rca", "noleggio-auto", "prestiti"), 500),
    ],
)
def test_products_and_upload_limit(
    shipped: TenantsConfig, tenant_id: str, products: tuple[str, ...], max_upload_mb: int
) -> None:
    tenant = shipped.get(tenant_id)
    assert tenant is not None
    assert set(products) <= set(tenant.products)  # SPEC's lines; others may join
    assert tenant.max_upload_mb == max_upload_mb


def test_rcadealer_menu_is_cut(shipped: TenantsConfig) -> None:
    tenant = shipped.get("rcadealer")
    assert tenant is not None
    assert tenant.menu.only is not None
    spec_cut = {
        "utenti", "preventivi", "polizze", "report", "impostazioni", "prodotti",
        "nuova-quotazione", "chat", "targhe", "noleggio-auto",
    }  # fmt: skip
    assert spec_cut <= set(tenant.menu.only)
    assert set(tenant.menu.only) - spec_cut <= set(tenant.products)  # lines it offers
    assert tenant.menu.allows("targhe")
    assert not tenant.menu.allows("cassa")
    assert not tenant.menu.allows("clienti")


@pytest.mark.parametrize("tenant_id", ["assicurapp", "assicurapp_dev"])
def test_other_menus_are_full(shipped: TenantsConfig, tenant_id: str) -> None:
    tenant = shipped.get(tenant_id)
    assert tenant is not None
    assert tenant.menu.only is None
    assert tenant.menu.allows("cassa")


def test_branding_and_assets(shipped: TenantsConfig) -> None:
    for tenant in shipped.tenants:
        assert {"primary", "secondary"} <= tenant.colors.keys()
        assert tenant.template == "standard"
        assert tenant.cookie_name == f"t-{tenant.app_name}"
        assert tenant.asset_path(tenant.logo) is not None, tenant.id
        assert tenant.asset_path("not.png") is not None, tenant.id


def test_domains(shipped: TenantsConfig) -> None:
    dev = shipped.get("assicurapp_dev")
    assert dev is not None
    assert dev.domains == ("assicurapp-dev.localhost", "localhost", "127.0.0.1")
    assert TenantRegistry(shipped).resolve("rcadealer.localhost:8000") == shipped.get("rcadealer")
