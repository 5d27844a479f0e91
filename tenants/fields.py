"""Constrained value types for the tenant models, each failing with a plain-language message."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, StringConstraints, ValidationInfo
from pydantic_core import PydanticCustomError

Language = Literal["it", "en"]

_SLUG = re.compile(r"[a-z0-9_]+")
_KEY = re.compile(r"[a-z0-9][a-z0-9_-]*")
_CSS_CLASS = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*")


def problem(kind: str, message: str) -> PydanticCustomError:
    """A validation error whose message is shown as is (no template formatting)."""
    return PydanticCustomError(kind, message)


def duplicates(values: Iterable[str]) -> list[str]:
    """The values that occur more than once, in order of their second occurrence."""
    seen: set[str] = set()
    twice: list[str] = []
    for value in values:
        if value in seen and value not in twice:
            twice.append(value)
        seen.add(value)
    return twice


def _matching(pattern: re.Pattern[str], kind: str, hint: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        if not pattern.fullmatch(value):
            raise problem(kind, f"not a valid {kind.replace('_', ' ')} '{value}': {hint}")
        return value

    return check


def is_plain_file_name(name: str) -> bool:
    """True for a bare file name: no folder part, no '..', no hidden or odd characters."""
    return (
        bool(name)
        and not name.startswith(".")
        and not any(c in name for c in "/\\\0:")
        and name == name.strip()
    )


def _file_name(value: str) -> str:
    if not is_plain_file_name(value):
        raise problem("file_name", f"not a plain file name '{value}' (no folders, no '..')")
    return value


def _colour(value: Any) -> str:
    if value is None:
        raise problem("css_colour", "no colour given (quote it in YAML, '#' starts a comment)")
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise problem("css_colour", f"not a CSS colour '{value}' (use #rgb or #rrggbb)")
    return value


def _host(value: str) -> str:
    host = value.strip().lower().rstrip(".")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if ":" in host or "/" in host:
        raise problem("host", f"not a bare host name '{value}': leave out scheme and port")
    if not _HOST.fullmatch(host):
        raise problem("host", f"not a valid host name '{value}'")
    return host


def _known_product(value: str, info: ValidationInfo) -> str:
    known = (info.context or {}).get("known_products")
    if known is not None and value not in known:
        offered = ", ".join(sorted(known)) or "none"
        raise problem("product", f"unknown product '{value}' (installed: {offered})")
    return value


def normalise_host(host: str | None) -> str | None:
    """The bare, lowercase host of a Host header value: no port, no IPv6 brackets."""
    if not host:
        return None
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return None
        host = host[1:end]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    host = host.rstrip(".")
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return host or None


_KEY_HINT = "use lowercase letters, digits, '-' and '_'"

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
TenantId = Annotated[
    str, AfterValidator(_matching(_SLUG, "id", "use lowercase letters, digits and '_'"))
]
Key = Annotated[str, AfterValidator(_matching(_KEY, "key", _KEY_HINT))]
AppName = Annotated[str, AfterValidator(_matching(_KEY, "app_name", _KEY_HINT))]
ProductId = Annotated[
    str, AfterValidator(_matching(_KEY, "product_id", _KEY_HINT)), AfterValidator(_known_product)
]
CssClass = Annotated[
    str, AfterValidator(_matching(_CSS_CLASS, "css_class", "use letters, digits, '-' and '_'"))
]
CssColour = Annotated[str, BeforeValidator(_colour)]
Host = Annotated[str, AfterValidator(_host)]
FileName = Annotated[str, AfterValidator(_file_name)]
