"""Read and validate ``tenants.yaml``; every problem becomes one plain-language line."""

from __future__ import annotations

import copy
import difflib
import functools
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from tenants.config import MenuOptions, Tenant, TenantsConfig, Wording


class TenantsConfigError(ValueError):
    """``tenants.yaml`` is unusable. One line per problem: file, tenant, key, what is wrong."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        super().__init__("\n".join(f"{path}: {line}" for line in self.problems))


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a key given twice in one mapping (PyYAML keeps the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key '{key}' is given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def load_tenants(path: Path, known_products: set[str] | None = None) -> TenantsConfig:
    """Load ``path``; with ``known_products``, refuse product ids no installed plugin provides."""
    data = _read_yaml(path)
    context = None if known_products is None else {"known_products": frozenset(known_products)}
    try:
        return TenantsConfig.model_validate(data, context=context)
    except ValidationError as exc:
        raise TenantsConfigError(path, _describe_all(exc.errors(), data)) from exc


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TenantsConfigError(path, ["file not found"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TenantsConfigError(path, [f"cannot read the file: {exc}"]) from exc
    try:
        data = copy.deepcopy(_parsed(text))  # each caller's own: validation reads it only
    except yaml.YAMLError as exc:
        raise TenantsConfigError(path, [_yaml_problem(exc)]) from exc
    if not isinstance(data, dict):
        found = "nothing" if data is None else f"a {type(data).__name__}"
        raise TenantsConfigError(
            path, [f"the top level must be a mapping with a 'tenants:' list, found {found}"]
        )
    return data


@functools.lru_cache(maxsize=8)
def _parsed(text: str) -> Any:
    """The YAML of ``text``, parsed once per process for the same text (every runtime built,
    one per test in a suite, reads the same file)."""
    return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    what = getattr(exc, "problem", None) or str(exc)
    if mark is None:
        return f"not valid YAML: {what}"
    return f"not valid YAML at line {mark.line + 1}, column {mark.column + 1}: {what}"


def _describe_all(errors: Sequence[ErrorDetails], data: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for error in errors:
        if _is_echo(error, errors):
            continue
        if error["type"] == "tenant_clash":
            lines.extend((error.get("ctx") or {})["lines"])
        else:
            lines.append(f"{_where(error['loc'], data)}: {_plain(error)}")
    return lines


def _is_echo(error: ErrorDetails, errors: Sequence[ErrorDetails]) -> bool:
    """Errors that only repeat another: a derived default, a list emptied by bad items."""
    if error["type"] == "default_factory_not_called":
        return True
    loc = error["loc"]
    return error["type"] == "too_short" and any(
        len(other["loc"]) > len(loc) and other["loc"][: len(loc)] == loc for other in errors
    )


def _where(loc: tuple[int | str, ...], data: dict[str, Any]) -> str:
    """``tenant 'x', key 'colors.primary'`` from a pydantic location."""
    if len(loc) >= 2 and loc[0] == "tenants" and isinstance(loc[1], int):
        label = _tenant_label(data, loc[1])
        return f"{label}, key '{_key_path(loc[2:])}'" if loc[2:] else label
    return f"key '{_key_path(loc)}'"


def _tenant_label(data: dict[str, Any], index: int) -> str:
    entries = data.get("tenants")
    entry = entries[index] if isinstance(entries, list) and index < len(entries) else None
    tenant_id = entry.get("id") if isinstance(entry, dict) else None
    if not isinstance(tenant_id, str) or not tenant_id:
        return f"tenant #{index + 1}"
    ids = [e.get("id") for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
    return f"tenant '{tenant_id}'" + (f" (#{index + 1})" if ids.count(tenant_id) > 1 else "")


def _key_path(loc: Sequence[int | str]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else str(part)
    return path


_MODELS: tuple[type[BaseModel], ...] = (TenantsConfig, Tenant, Wording, MenuOptions)
_KNOWN_KEYS = sorted({name for model in _MODELS for name in model.model_fields})

_PLAIN = {
    "missing": "required key is missing",
    "string_type": "expected text",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "bool_type": "expected true or false",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "dict_type": "expected a mapping (key: value)",
    "model_type": "expected a mapping (key: value)",
    "model_attributes_type": "expected a mapping (key: value)",
    "string_too_short": "must not be empty",
    "greater_than": "must be greater than {gt}",
    "literal_error": "must be one of {expected}",
}
_NO_ECHO = {"missing", "string_too_short", "literal_error"}


def _plain(error: ErrorDetails) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        close = difflib.get_close_matches(key, _KNOWN_KEYS, n=1, cutoff=0.75)
        return "unknown key" + (f" (did you mean '{close[0]}'?)" if close else "")
    if kind == "too_short":
        return "must not be empty" if ctx.get("min_length") == 1 else error["msg"]
    if kind in _PLAIN:
        message = _PLAIN[kind].format(**ctx)
        return message if kind in _NO_ECHO else f"{message}, got {_show(error)}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


def _show(error: ErrorDetails) -> str:
    value = error.get("input")
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, list | dict):
        return "a list" if isinstance(value, list) else "a mapping"
    return f"{type(value).__name__} {value!r}"
