"""Derived defaults, wording overrides and asset look-up."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from tenants import config as config_module
from tenants.config import Tenant, TenantsConfig, Wording
from tenants.loader import load_tenants
from tenants.tests.helpers import WriteTenants, tenant


@pytest.mark.parametrize(
    ("app_name", "agent"),
    [
        ("rcadealer", "Car Dealer"),
        ("cardealer", "Car Dealer"),
        ("assicurapp_dev", "Car Dealer"),
        ("assicurapp", "Agente"),
        ("dealers", "Agente"),
        ("dev", "Agente"),
    ],
)
def test_wording_rule(app_name: str, agent: str) -> None:
    assert Wording.for_app_name(app_name).agent == agent


def test_defaults_follow_app_name() -> None:
    plain = Tenant.model_validate(tenant("acme"))
    dev = Tenant.model_validate(tenant("acme_dev"))
    assert (plain.max_upload_mb, dev.max_upload_mb) == (20, 500)
    assert plain.wording == Wording.for_app_name("acme")
    assert dev.wording.subagents == "Venditori"
    assert plain.languages == ("it", "en")
    assert plain.default_language == "it"
    assert plain.logo == "logo.svg"
    assert plain.template == "standard"
    assert plain.menu.only is None
    assert plain.assistenza == ""


def test_wording_override_wins(write_tenants: WriteTenants) -> None:
    path = write_tenants(
        tenant("rcadealer", wording={"agent": "Concessionario", "agents": "Concessionari"}),
        tenant("other", wording={"subagent": "Collaboratore"}),
    )
    config = load_tenants(path)
    dealer, other = config.tenants
    assert (dealer.wording.agent, dealer.wording.agents) == ("Concessionario", "Concessionari")
    assert dealer.wording.subagent == "Venditore"  # not overridden: derived from app_name
    assert other.wording.agent == "Agente"
    assert other.wording.subagent == "Collaboratore"


def test_explicit_upload_limit_wins(write_tenants: WriteTenants) -> None:
    config = load_tenants(write_tenants(tenant("acme_dev", max_upload_mb=50)))
    assert config.tenants[0].max_upload_mb == 50


def test_models_are_frozen_and_hashable() -> None:
    acme = Tenant.model_validate(tenant("acme", colors={"primary": "#fff"}))
    with pytest.raises(ValidationError):
        acme.title = "Other"  # type: ignore[misc]
    same = Tenant.model_validate(tenant("acme", colors={"primary": "#fff"}))
    assert len({acme, same}) == 1


def test_domains_are_normalised() -> None:
    acme = Tenant.model_validate(tenant("acme", domains=["Acme.LOCALHOST", "[::1]"]))
    assert acme.domains == ("acme.localhost", "::1")


def test_config_needs_a_tenant() -> None:
    with pytest.raises(ValidationError):
        TenantsConfig.model_validate({"tenants": []})


@pytest.fixture
def rcadealer() -> Tenant:
    return Tenant.model_validate(tenant("rcadealer"))


def test_asset_path_finds_shipped_files(rcadealer: Tenant) -> None:
    logo = rcadealer.asset_path("logo.svg")
    assert logo is not None
    assert logo.is_file()
    assert logo.parent == rcadealer.asset_dir().resolve()
    assert rcadealer.asset_dir().name == "rcadealer"
    assert rcadealer.asset_path("missing.png") is None


@pytest.mark.parametrize(
    "name",
    ["../x", "..", ".", "", "../assicurapp/logo.svg", "sub/logo.svg", "..\\logo.svg", "/etc/passwd",
     ".hidden", "logo.svg\0"],
)  # fmt: skip
def test_asset_path_refuses_traversal(rcadealer: Tenant, name: str) -> None:
    assert rcadealer.asset_path(name) is None


def test_asset_path_refuses_symlink_out(
    rcadealer: Tenant, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(config_module, "ASSETS_ROOT", tmp_path / "assets")
    rcadealer.asset_dir().mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("x")
    (rcadealer.asset_dir() / "inside.txt").write_text("ok")
    (rcadealer.asset_dir() / "link-out.txt").symlink_to(tmp_path / "secret.txt")
    assert rcadealer.asset_path("inside.txt") == rcadealer.asset_dir().resolve() / "inside.txt"
    assert rcadealer.asset_path("link-out.txt") is None
