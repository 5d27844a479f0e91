"""Typed, frozen models of ``tenants.yaml``: the deployments one process serves (DESIGN §3)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from tenants.fields import (
    AppName,
    CssClass,
    CssColour,
    FileName,
    Host,
    Key,
    Language,
    ProductId,
    TenantId,
    Text,
    duplicates,
    is_plain_file_name,
    problem,
)

ASSETS_ROOT = Path(__file__).resolve().parent / "assets"
"""Per-tenant asset folders (``logo.svg``, ``not.png``) live in ``ASSETS_ROOT / tenant.id``."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _no_duplicates(values: tuple[str, ...], what: str) -> tuple[str, ...]:
    if twice := duplicates(values):
        raise problem("duplicate", f"{what} listed more than once: {', '.join(twice)}")
    return values


class Wording(_Frozen):
    """How the interface names agents and sub-agents (SPEC §1)."""

    agent: Text
    agents: Text
    subagent: Text
    subagents: Text

    @classmethod
    def for_app_name(cls, app_name: str) -> Wording:
        """The spec's rule: app names ending in 'dealer' or '_dev' speak of car dealers."""
        if app_name.endswith(("dealer", "_dev")):
            return cls(
                agent="Car Dealer", agents="Dealers", subagent="Venditore", subagents="Venditori"
            )
        # The plural 'Subagente' is what SPEC §1 prescribes.
        return cls(agent="Agente", agents="Agenti", subagent="Subagente", subagents="Subagente")


class MenuOptions(_Frozen):
    """Side-menu options. ``only`` cuts the menu to these entry keys (SPEC §6)."""

    only: tuple[Key, ...] | None = None

    @field_validator("only")
    @classmethod
    def _check_only(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if value is not None and not value:
            raise problem("empty_menu", "lists no entry; leave 'only' out to keep the full menu")
        return None if value is None else _no_duplicates(value, "menu entries")

    def allows(self, key: str) -> bool:
        """Whether the menu entry ``key`` may be shown in this tenant."""
        return self.only is None or key in self.only


def _default_wording(data: dict[str, Any]) -> Wording:
    return Wording.for_app_name(str(data.get("app_name", "")))


def _default_max_upload_mb(data: dict[str, Any]) -> int:
    return 500 if str(data.get("app_name", "")).endswith("_dev") else 20  # SPEC §5


class Tenant(_Frozen):
    """One deployment: its hosts, branding, wording, product lines and menu options."""

    id: TenantId
    app_name: AppName
    domains: tuple[Host, ...] = Field(min_length=1)
    title: Text
    logo: FileName = "logo.svg"
    template: CssClass = "standard"
    colors: dict[Key, CssColour] = Field(default_factory=dict)
    wording: Wording = Field(default_factory=_default_wording)
    products: tuple[ProductId, ...] = ()
    menu: MenuOptions = MenuOptions()
    languages: tuple[Language, ...] = Field(default=("it", "en"), min_length=1)
    default_language: Language = Field(default="it", validate_default=True)
    max_upload_mb: PositiveInt = Field(default_factory=_default_max_upload_mb)
    assistenza: str = ""

    @field_validator("domains")
    @classmethod
    def _unique_domains(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _no_duplicates(value, "domains")

    @field_validator("products")
    @classmethod
    def _unique_products(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _no_duplicates(value, "products")

    @field_validator("languages")
    @classmethod
    def _unique_languages(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _no_duplicates(value, "languages")

    @field_validator("wording", mode="before")
    @classmethod
    def _merge_wording(cls, value: Any, info: ValidationInfo) -> Any:
        """Keys given in YAML override the wording derived from the app name."""
        if isinstance(value, Mapping):
            return {**_default_wording(info.data).model_dump(), **value}
        return value

    @field_validator("default_language")
    @classmethod
    def _offered_language(cls, value: str, info: ValidationInfo) -> str:
        languages = info.data.get("languages")
        if languages is not None and value not in languages:
            raise problem("language", f"'{value}' is not one of languages ({', '.join(languages)})")
        return value

    def __hash__(self) -> int:
        return hash((type(self), self.id))

    @property
    def cookie_name(self) -> str:
        """The session cookie's name; one per app so tenants on one host never share it."""
        return f"t-{self.app_name}"

    def asset_dir(self) -> Path:
        """This tenant's asset folder."""
        return ASSETS_ROOT / self.id

    def asset_path(self, name: str) -> Path | None:
        """The file ``name`` in the asset folder, or None if it is missing or not a plain name."""
        if not is_plain_file_name(name):
            return None
        folder = self.asset_dir().resolve()
        path = (folder / name).resolve()
        if path.parent != folder or not path.is_file():
            return None
        return path


class TenantsConfig(_Frozen):
    """Every tenant this process serves; ids and domains are unique across tenants."""

    tenants: tuple[Tenant, ...] = Field(min_length=1)

    @field_validator("tenants")
    @classmethod
    def _no_clashes(cls, tenants: tuple[Tenant, ...]) -> tuple[Tenant, ...]:
        lines: list[str] = []
        first: dict[str, int] = {}
        owner: dict[str, int] = {}
        for i, tenant in enumerate(tenants):
            where = f"tenant '{tenant.id}'"
            if tenant.id in first:
                lines.append(f"{where}, key 'id': already used by tenant #{first[tenant.id] + 1}")
            first.setdefault(tenant.id, i)
            for j, domain in enumerate(tenant.domains):
                if owner.setdefault(domain, i) != i:
                    other = tenants[owner[domain]].id
                    lines.append(
                        f"{where}, key 'domains[{j}]': '{domain}' is already claimed by "
                        f"tenant '{other}'"
                    )
        if lines:
            # ``lines`` in the context lets the loader report one line per clash.
            summary = "; ".join(lines)
            raise PydanticCustomError(
                "tenant_clash", "{summary}", {"summary": summary, "lines": lines}
            )
        return tenants

    @property
    def ids(self) -> tuple[str, ...]:
        """Tenant ids in file order."""
        return tuple(tenant.id for tenant in self.tenants)

    def get(self, tenant_id: str) -> Tenant | None:
        """The tenant with this id, or None."""
        return next((t for t in self.tenants if t.id == tenant_id), None)
