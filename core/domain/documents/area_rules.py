"""Who sees which folder of the document area: pure rules on plain data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from core import permissions as perm
from core.auth.principal import Principal

ROLES = (perm.ADMIN, perm.RESPONSABILE, perm.EMPLOYEE, perm.AGENT, perm.REFERRER)
FOLDERS = "cartelle"
UNKNOWN_ROLE = "Ruolo sconosciuto nella visibilità della cartella: {role}"


class FolderBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: str = Field(min_length=1, max_length=120)
    roles: list[str] = Field(default_factory=list, max_length=5)

    @field_validator("roles")
    @classmethod
    def _known(cls, roles: list[str]) -> list[str]:
        for role in roles:
            if role not in ROLES:
                raise ValueError(UNKNOWN_ROLE.format(role=role[:20]))
        return list(dict.fromkeys(roles))


def folder_visible(principal: Principal, roles: Sequence[str] | None) -> bool:
    """Editors see every folder; others those open to everyone or to one of their roles."""
    if not perm.has_role(principal):
        return False
    return perm.can_edit(principal) or not roles or bool(set(roles) & set(principal.role_names))


def visible_folders(principal: Principal, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    folders = data.get(FOLDERS)
    return [
        folder for folder in folders if folder_visible(principal, folder.get("roles"))
    ] if isinstance(folders, list) else []  # fmt: skip
