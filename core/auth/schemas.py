"""Request bodies of the account routes (validated: wrong types are a 400)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, EmailStr, Field

from core.auth.roles import Role
from core.validation import Flag


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class LoginBody(_Body):
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=1024)
    keep: Flag = True
    """0 (or false) gives session cookies (SPEC §7)."""


class InviteBody(_Body):
    email: EmailStr
    name: str = Field(min_length=1, max_length=200)
    role: Role


class RegisterBody(_Body):
    token: str = Field(min_length=10, max_length=4096)
    password: str = Field(min_length=1, max_length=1024)
    name: str | None = Field(default=None, max_length=200)


class ResetRequestBody(_Body):
    email: str = Field(min_length=3, max_length=254)


class ResetConfirmBody(_Body):
    token: str = Field(min_length=10, max_length=4096)
    password: str = Field(min_length=1, max_length=1024)
